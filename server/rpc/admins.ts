import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { adminsListSchema, adminsOneSchema, adminsResource, type AdminRow } from '../../domain/resources/admins';
import type { ListAnswer } from '../../domain/lists';
import { administrators } from '../db/schema';
import { notFound } from './errors';
import { containsPattern, listAnswer, orderOf, pageOf } from './lists';
import { defineSlug } from './registry';

const VIEW = adminsResource.route;

/**
 * Last sign-in is not stored on the admin: it is the start of the admin's newest session that
 * passed the passcode (or came from a trusted browser); sessions are kept after they end. The outer
 * column is named in full: drizzle writes a one-table select's columns bare, and a bare "id" in the
 * subquery would be the session's.
 */
const lastSignIn = sql<Date | null>`(SELECT max(s.created_at) FROM sessions s WHERE s.admin_id = "administrators"."id" AND s.stage = 'active')`;
const nameOf = sql<string>`${administrators.firstname} || ' ' || ${administrators.lastname}`;

const columns = { id: administrators.id, email: administrators.email, firstname: administrators.firstname, lastname: administrators.lastname, role: administrators.role, lastSignInAt: lastSignIn };

function toRow(r: { id: string; email: string; firstname: string; lastname: string; role: string; lastSignInAt: Date | string | null }): AdminRow {
  const at = r.lastSignInAt === null ? null : new Date(r.lastSignInAt).toISOString();
  return { id: r.id, email: r.email, name: `${r.firstname} ${r.lastname}`, role: r.role, lastSignInAt: at };
}

export const getAdminsList = defineSlug({
  slug: 'admins/getList',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: adminsListSchema,
  async handler({ input, services }): Promise<ListAnswer<AdminRow>> {
    const { q, role } = input.filter;
    const where: SQL | undefined = and(
      ...(q ? [or(ilike(nameOf, containsPattern(q)), ilike(administrators.email, containsPattern(q)))!] : []),
      ...(role ? [eq(administrators.role, role)] : []),
    );
    const { limit, offset } = pageOf(input.pagination);
    const sortable = { email: administrators.email, name: nameOf, role: administrators.role, lastSignInAt: lastSignIn };
    return listAnswer(
      services.db.select(columns).from(administrators).where(where).orderBy(...orderOf(input.sort, sortable, { field: 'email', order: 'ASC' }, administrators.id)).limit(limit).offset(offset),
      services.db.select({ total: count() }).from(administrators).where(where),
      toRow,
    );
  },
});

export const getAdmin = defineSlug({
  slug: 'admins/getOne',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: adminsOneSchema,
  async handler({ input, services }): Promise<{ data: AdminRow }> {
    const [row] = await services.db.select(columns).from(administrators).where(eq(administrators.id, input.id));
    if (!row) throw notFound('Admin');
    return { data: toRow(row) };
  },
});

export const adminsSlugs = [getAdminsList, getAdmin];
