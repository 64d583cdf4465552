/**
 * Driver web mandate links: the token Resend Driver Web Mandate e-mails (server/rpc/supportDrivers.ts)
 * and the two public calls the customer app's driver-mandate page makes with it (ours; the spec
 * shows only the resend): driverMandate/verify (may this link be used? whose is it?) and
 * driverMandate/accept (the driver signs: the link is used up).
 *
 * The token is `{driverId}.{nonce}.{expiry}.{mac}`, exactly one form, read strictly:
 * - driverId: the driver's UUID in canonical lower-case form;
 * - nonce: 16 random bytes in canonical base64url without padding (22 characters);
 * - expiry: milliseconds since the epoch in canonical decimal (no sign, no leading zero);
 * - mac: HMAC-SHA256 of `{driverId}.{nonce}.{expiry}` under a key of its own derived from the
 *   server's pepper, in canonical base64url (43 characters), compared in constant time.
 * Anything else (another segment count, padding, another spelling of the same bytes or number)
 * is refused before the database is asked. driver_mandate_links keeps each driver's current nonce
 * and when its link was used: a link whose nonce is no longer there was replaced by a newer one.
 *
 * Spec-silent choices:
 * - Once the MAC holds, the first that applies answers: replaced, used, expired, not needed (the
 *   driver may no longer be sent a mandate: signed by other means, left, manual mandate, licence
 *   checking off, disqualified). A link both replaced and expired says replaced: the newer e-mail
 *   is what the driver should look for.
 * - A MAC that holds for a driver who is gone, or with no link row, is 'invalid' (a restored or
 *   cleared database), as is a link of the earlier three-segment form: a resend makes a new one.
 * - Accepting records the signature: the driver's mandate sign date becomes today (UTC), audited
 *   with no admin, in the same transaction that marks the link used, so it happens once.
 * - Both calls are POST with the token in the body (a URL's query string ends up in access logs),
 *   public and limited per IP as the sign-in calls are. They answer any caller without an Origin
 *   header, such as the customer app's server; a page on another origin is refused by the guard.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  MANDATE_LINK_CODES,
  MANDATE_LINK_DAYS,
  MANDATE_LINK_MESSAGES,
  MANDATE_TOKEN_MAX,
  mandateLinkSchema,
  mandateResendRefusal,
  type MandateAcceptResponse,
  type MandateLinkRefusal,
  type MandateLinkResponse,
} from '../../domain/support';
import { driverMandateLinks, drivers, leaseCompanies } from '../db/schema';
import type { Tx } from '../db/client';
import type { Services } from '../services';
import { auditImage, writeAudit } from './audit';
import { ApiError } from './errors';
import { defineSlug, mutationContext, type SlugDef } from './registry';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NONCE_BYTES = 16;
const MAC_BYTES = 32;
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;
const EXPIRY = /^[1-9][0-9]{0,15}$/;

export interface MandateToken {
  driverId: string;
  nonce: string;
  expiresAt: number;
}

function macKey(pepper: Buffer): Buffer {
  return crypto.createHmac('sha256', pepper).update('fnc:driver-mandate:v2').digest();
}
function mac(pepper: Buffer, t: MandateToken): Buffer {
  return crypto.createHmac('sha256', macKey(pepper)).update(`${t.driverId}.${t.nonce}.${t.expiresAt}`).digest();
}

/** base64url bytes of exactly `bytes` length whose text is their one canonical spelling, or null. */
function canonicalBase64url(text: string, shape: RegExp, bytes: number): Buffer | null {
  if (!shape.test(text)) return null;
  const decoded = Buffer.from(text, 'base64url');
  return decoded.length === bytes && decoded.toString('base64url') === text ? decoded : null;
}

export function signMandateToken(pepper: Buffer, t: MandateToken): string {
  return `${t.driverId}.${t.nonce}.${t.expiresAt}.${mac(pepper, t).toString('base64url')}`;
}

/** The token's parts when it is exactly a token signed here (expired or not), else null. Reads no database. */
export function verifyMandateToken(pepper: Buffer, token: string): MandateToken | null {
  if (token.length > MANDATE_TOKEN_MAX) return null;
  const segments = token.split('.');
  if (segments.length !== 4) return null;
  const [driverId, nonce, expiry, givenMac] = segments;
  if (!UUID.test(driverId) || !canonicalBase64url(nonce, NONCE, NONCE_BYTES) || !EXPIRY.test(expiry)) return null;
  const expiresAt = Number(expiry);
  if (!Number.isSafeInteger(expiresAt)) return null;
  const given = canonicalBase64url(givenMac, MAC, MAC_BYTES);
  if (!given) return null;
  const parsed = { driverId, nonce, expiresAt };
  return crypto.timingSafeEqual(given, mac(pepper, parsed)) ? parsed : null;
}

export function mandateLinkUrl(services: Services, token: string): string {
  return `${services.config.customerAppUrl}/driver-mandate?token=${encodeURIComponent(token)}`;
}

/**
 * Makes `driverId`'s new mandate link the only one that works: a new nonce replaces the previous
 * link. `withdraw` puts the previous link back (when the e-mail could not be handed over, so the
 * driver's last e-mailed link keeps working), unless another link has been made since.
 */
export async function issueMandateLink(services: Services, driverId: string, now: Date) {
  const nonce = crypto.randomBytes(NONCE_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + MANDATE_LINK_DAYS * DAY_MS);
  const previous = await services.db.transaction(async (tx) => {
    const [prev] = await tx.select().from(driverMandateLinks).where(eq(driverMandateLinks.driverId, driverId)).for('update');
    const current = { nonce, issuedAt: now, expiresAt, usedAt: null };
    await tx.insert(driverMandateLinks).values({ driverId, ...current }).onConflictDoUpdate({ target: driverMandateLinks.driverId, set: current });
    return prev ?? null;
  });
  const token = signMandateToken(services.secrets.otpPepper, { driverId, nonce, expiresAt: expiresAt.getTime() });
  return {
    url: mandateLinkUrl(services, token),
    expiresAt,
    async withdraw(): Promise<void> {
      const ours = and(eq(driverMandateLinks.driverId, driverId), eq(driverMandateLinks.nonce, nonce));
      if (previous) {
        const { nonce: n, issuedAt, expiresAt: e, usedAt } = previous;
        await services.db.update(driverMandateLinks).set({ nonce: n, issuedAt, expiresAt: e, usedAt }).where(ours);
      } else {
        await services.db.delete(driverMandateLinks).where(ours);
      }
    },
  };
}

const refuse = (refusal: MandateLinkRefusal) => new ApiError(refusal === 'invalid' ? 400 : refusal === 'notNeeded' ? 409 : 410, MANDATE_LINK_CODES[refusal], MANDATE_LINK_MESSAGES[refusal]);

/** The link's driver and state when `token` may be used now; throws the refusal otherwise. `lock` holds the link row for the transaction. */
async function usableLink(tx: Tx, services: Services, token: string, now: Date, lock: boolean) {
  const parsed = verifyMandateToken(services.secrets.otpPepper, token);
  if (!parsed) throw refuse('invalid');
  const query = tx.select().from(driverMandateLinks).where(eq(driverMandateLinks.driverId, parsed.driverId));
  const [link] = lock ? await query.for('update') : await query;
  const [found] = await tx
    .select({ d: drivers, leaseCompanyName: leaseCompanies.name })
    .from(drivers)
    .innerJoin(leaseCompanies, eq(leaseCompanies.id, drivers.leaseCompanyId))
    .where(eq(drivers.id, parsed.driverId));
  if (!found || !link) throw refuse('invalid');
  if (link.nonce !== parsed.nonce) throw refuse('replaced');
  // The row's expiry was signed into this very token; a difference means the row is not its link.
  if (link.expiresAt.getTime() !== parsed.expiresAt) throw refuse('invalid');
  if (link.usedAt) throw refuse('used');
  if (parsed.expiresAt <= now.getTime()) throw refuse('expired');
  if (mandateResendRefusal(found.d, now.toISOString().slice(0, 10))) throw refuse('notNeeded');
  return { driver: found.d, leaseCompanyName: found.leaseCompanyName, link };
}

export const verifyDriverMandate = defineSlug({
  slug: 'driverMandate/verify',
  method: 'POST',
  effect: 'read',
  access: 'public',
  input: mandateLinkSchema,
  rateLimited: true,
  async handler({ input, services }): Promise<MandateLinkResponse> {
    const { driver, leaseCompanyName, link } = await usableLink(services.db, services, input.token, services.clock.now(), false);
    return { success: true, driverName: `${driver.firstname} ${driver.lastname}`, leaseCompanyName, expiresAt: link.expiresAt.toISOString() };
  },
});

export const acceptDriverMandate = defineSlug({
  slug: 'driverMandate/accept',
  method: 'POST',
  // Public, so no admin's Idempotency-Key applies; the link itself is used once (its used-at mark).
  effect: 'write',
  access: 'public',
  input: mandateLinkSchema,
  rateLimited: true,
  async handler(c): Promise<MandateAcceptResponse> {
    const { input, services } = c;
    const m = mutationContext(c);
    const signed = m.now.toISOString().slice(0, 10);
    await services.db.transaction(async (tx) => {
      const { driver } = await usableLink(tx, services, input.token, m.now, true);
      await tx.update(driverMandateLinks).set({ usedAt: m.now }).where(eq(driverMandateLinks.driverId, driver.id));
      const [after] = await tx
        .update(drivers)
        .set({ mandateSignDate: signed, version: sql`${drivers.version} + 1`, modifiedAt: m.now, modifiedBy: null })
        .where(eq(drivers.id, driver.id))
        .returning();
      await writeAudit(tx, { adminId: null, slug: m.slug, recordType: 'driver', recordId: driver.id, before: auditImage(driver), after: auditImage(after), at: m.now });
    });
    return { success: true, message: MANDATE_LINK_MESSAGES.accepted, mandateSignDate: signed };
  },
});

export const driverMandateSlugs = [verifyDriverMandate, acceptDriverMandate] as SlugDef[];
