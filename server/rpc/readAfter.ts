/**
 * Read-your-writes with a replica (server/db/replica.ts): after an admin's call that may have
 * written, the primary's WAL position is sent back in a cookie, and that admin's next searches,
 * on whichever node, read from the replica only once it has replayed that far.
 *
 * A cookie rather than a column of the session: a search then needs no round trip to the primary
 * to learn it, and every node can check it with the secret they share. A forged value could only
 * send the sender's own searches to the primary (too high) or show them stale rows (too low); it is
 * signed all the same, so that where a search runs stays the server's decision. Only set when a
 * replica is configured.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { loadSecret } from '../secrets';
import { safeEqual } from '../auth/tokens';
import { lsnValue } from '../db/replica';

export const READ_AFTER_COOKIE = 'fnc_read_after';
/** Past this a replica has long replayed the write (or searches fell back to the primary anyway). */
const COOKIE_MAX_AGE_S = 60;

const secrets = new WeakMap<Services, Promise<Buffer>>();

function secretOf(services: Services): Promise<Buffer> {
  let secret = secrets.get(services);
  if (!secret) secrets.set(services, (secret = loadSecret(services.db, 'read-after')));
  return secret;
}

const mac = (secret: Buffer, lsn: string) => crypto.createHmac('sha256', secret).update(lsn).digest('base64url').slice(0, 22);

/** After a call that may have written: the primary's position now, in the cookie. */
export async function noteWritePosition(services: Services, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!services.database.replica || reply.sent) return;
  const [row] = await services.database.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  const value = `${row.lsn}.${mac(await secretOf(services), row.lsn)}`;
  reply.setCookie(READ_AFTER_COOKIE, value, { httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', path: '/', maxAge: COOKIE_MAX_AGE_S });
}

/** The position the caller's searches must see: 0 without a valid cookie. */
export async function readAfterOf(services: Services, request: FastifyRequest): Promise<bigint> {
  const value = services.database.replica ? request.cookies?.[READ_AFTER_COOKIE] : undefined;
  if (!value) return 0n;
  const at = value.lastIndexOf('.');
  const lsn = value.slice(0, at);
  if (at < 0 || !/^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/.test(lsn)) return 0n;
  return safeEqual(value.slice(at + 1), mac(await secretOf(services), lsn)) ? lsnValue(lsn) : 0n;
}
