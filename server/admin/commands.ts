import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { administrators, auditLog, searchKeys, sessions } from '../db/schema';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../auth/passwords';
import { revokeAllSessions } from '../auth/sessions';
import { isRoleName, ROLE_NAMES, type RoleName } from '../../domain/permissions';

/** Operator commands (`npm run admin`). Each takes a database so tests can run them directly. */

export const MAX_PASSWORD_LENGTH = 1024;
const MAX_EMAIL_LENGTH = 254;
const MAX_NAME_LENGTH = 100;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Bad input or a missing admin: the message is for the operator, as is. */
export class CommandError extends Error {}

export interface AdminSummary {
  email: string;
  firstname: string;
  lastname: string;
  role: string;
  disabled: boolean;
  lockedUntil: Date | null;
  liveSessions: number;
}

export function normaliseEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!email) throw new CommandError('--email is required.');
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(email)) throw new CommandError(`'${email}' is not a valid e-mail address.`);
  return email;
}

export function checkRole(value: unknown): RoleName {
  if (typeof value !== 'string' || !value) throw new CommandError(`--role is required: one of ${ROLE_NAMES.join(', ')}.`);
  if (!isRoleName(value)) throw new CommandError(`Unknown role '${value}': use one of ${ROLE_NAMES.join(', ')}.`);
  return value;
}

export function checkPassword(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw new CommandError('--password is required.');
  // Length in code points, as a person counts them; verified later exactly as given (no trimming).
  const length = [...value].length;
  if (length < MIN_PASSWORD_LENGTH) throw new CommandError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  if (length > MAX_PASSWORD_LENGTH) throw new CommandError(`The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);
  return value;
}

function checkName(value: unknown, option: string): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw new CommandError(`${option} is required.`);
  if (name.length > MAX_NAME_LENGTH) throw new CommandError(`${option} must be at most ${MAX_NAME_LENGTH} characters long.`);
  return name;
}

async function findAdmin(db: Tx, email: string) {
  const [admin] = await db.select().from(administrators).where(eq(sql`lower(${administrators.email})`, email));
  if (!admin) throw new CommandError(`No admin with e-mail ${email}.`);
  return admin;
}

async function audit(db: Tx, slug: string, adminId: string, before: unknown, after: unknown, now: Date) {
  await db.insert(auditLog).values({ at: now, slug, recordType: 'administrator', recordId: adminId, before, after });
}

/** Search keys die with the admin's access, so scoped keys already handed out stop working too. */
async function dropSearchKeys(db: Tx, adminId: string) {
  const ids = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.adminId, adminId));
  await db.delete(searchKeys).where(inArray(searchKeys.sessionId, ids));
}

export interface CreateAdminInput {
  email: unknown;
  password: unknown;
  firstname: unknown;
  lastname: unknown;
  role: unknown;
}

export async function createAdmin(db: Db, input: CreateAdminInput, now = new Date()) {
  const email = normaliseEmail(input.email);
  const firstname = checkName(input.firstname, '--first');
  const lastname = checkName(input.lastname, '--last');
  const role = checkRole(input.role);
  const password = checkPassword(input.password);
  const [existing] = await db.select({ id: administrators.id }).from(administrators).where(eq(sql`lower(${administrators.email})`, email));
  if (existing) throw new CommandError(`An admin with e-mail ${email} already exists.`);
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(administrators)
    .values({ email, firstname, lastname, role, passwordHash, createdAt: now, modifiedAt: now })
    .returning();
  await audit(db, 'cli/admin create', row.id, null, { email, firstname, lastname, role }, now);
  return row;
}

/** Disables the admin and ends every session of theirs in the same transaction. */
export async function disableAdmin(db: Db, emailInput: unknown, now = new Date()): Promise<{ revokedSessions: number }> {
  const email = normaliseEmail(emailInput);
  return db.transaction(async (tx) => {
    const admin = await findAdmin(tx, email);
    const live = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.adminId, admin.id), isNull(sessions.revokedAt)));
    await tx
      .update(administrators)
      .set({ disabled: true, modifiedAt: now, version: sql`${administrators.version} + 1` })
      .where(eq(administrators.id, admin.id));
    await revokeAllSessions(tx, now, admin.id);
    await dropSearchKeys(tx, admin.id);
    await audit(tx, 'cli/admin disable', admin.id, { disabled: admin.disabled }, { disabled: true }, now);
    return { revokedSessions: live.length };
  });
}

/** Enables the admin again and lifts a lockout: the operator has vouched for the account. */
export async function enableAdmin(db: Db, emailInput: unknown, now = new Date()): Promise<void> {
  const email = normaliseEmail(emailInput);
  await db.transaction(async (tx) => {
    const admin = await findAdmin(tx, email);
    await tx
      .update(administrators)
      .set({ disabled: false, failedAttempts: 0, lockedUntil: null, modifiedAt: now, version: sql`${administrators.version} + 1` })
      .where(eq(administrators.id, admin.id));
    await audit(tx, 'cli/admin enable', admin.id, { disabled: admin.disabled, lockedUntil: admin.lockedUntil }, { disabled: false, lockedUntil: null }, now);
  });
}

/** Changes the role preset. Permissions are read per request, so it applies on the admin's next call. */
export async function setRole(db: Db, emailInput: unknown, roleInput: unknown, now = new Date()): Promise<{ from: string; to: RoleName }> {
  const email = normaliseEmail(emailInput);
  const role = checkRole(roleInput);
  return db.transaction(async (tx) => {
    const admin = await findAdmin(tx, email);
    await tx
      .update(administrators)
      .set({ role, modifiedAt: now, version: sql`${administrators.version} + 1` })
      .where(eq(administrators.id, admin.id));
    await dropSearchKeys(tx, admin.id);
    await audit(tx, 'cli/admin set-role', admin.id, { role: admin.role }, { role }, now);
    return { from: admin.role, to: role };
  });
}

export async function listAdmins(db: Db, now = new Date()): Promise<AdminSummary[]> {
  const rows = await db.select().from(administrators).orderBy(asc(administrators.email));
  const live = await db
    .select({ adminId: sessions.adminId, n: count() })
    .from(sessions)
    .where(and(isNull(sessions.revokedAt), gt(sessions.absoluteExpiresAt, now)))
    .groupBy(sessions.adminId);
  const liveByAdmin = new Map(live.map((r) => [r.adminId, Number(r.n)]));
  return rows.map((a) => ({
    email: a.email,
    firstname: a.firstname,
    lastname: a.lastname,
    role: a.role,
    disabled: a.disabled,
    lockedUntil: a.lockedUntil && a.lockedUntil > now ? a.lockedUntil : null,
    liveSessions: liveByAdmin.get(a.id) ?? 0,
  }));
}

/** Plain-text table for the terminal. */
export function formatAdminList(admins: AdminSummary[]): string {
  if (admins.length === 0) return 'No admins yet. Create one with: npm run admin -- create --email E --password P --first F --last L --role R';
  const rows = admins.map((a) => [
    a.email,
    `${a.firstname} ${a.lastname}`,
    a.role,
    a.disabled ? 'disabled' : a.lockedUntil ? `locked until ${a.lockedUntil.toISOString()}` : 'active',
    String(a.liveSessions),
  ]);
  const header = ['E-MAIL', 'NAME', 'ROLE', 'STATUS', 'SESSIONS'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows].map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}
