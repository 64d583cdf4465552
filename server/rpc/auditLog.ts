import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  administratorsListSchema,
  administratorsManySchema,
  auditLogListSchema,
  auditLogOneSchema,
  type AdministratorRow,
  type AuditLogEntry,
  type AuditLogListQuery,
  type AuditLogRow,
} from '../../domain/auditLog';
import type { ListAnswer } from '../../domain/lists';
import { diffImages } from '../../domain/recordDiff';
import { administrators, auditLog } from '../db/schema';
import { notFound } from './errors';
import { containsPattern, dayRange, listAnswer, orderOf, pageOf } from './lists';
import { defineSlug } from './registry';

/** The audit log, read only, for holders of its own permission (SUPER_ADMIN has it). */
const VIEW = { permission: 'AUDIT_LOG', action: 'view' } as const;

const rowColumns = {
  id: auditLog.id,
  at: auditLog.at,
  adminId: auditLog.adminId,
  slug: auditLog.slug,
  recordType: auditLog.recordType,
  recordId: auditLog.recordId,
};

function toRow(r: { id: number; at: Date; adminId: string | null; slug: string; recordType: string | null; recordId: string | null }): AuditLogRow {
  return { ...r, id: String(r.id), at: r.at.toISOString() };
}

function whereOf(filter: AuditLogListQuery['filter']): SQL | undefined {
  return and(
    ...(filter.recordType ? [eq(auditLog.recordType, filter.recordType)] : []),
    ...(filter.recordId ? [eq(auditLog.recordId, filter.recordId)] : []),
    ...(filter.adminId ? [eq(auditLog.adminId, filter.adminId)] : []),
    ...dayRange(auditLog.at, filter.at_gte, filter.at_lte),
  );
}

export const getAuditLogList = defineSlug({
  slug: 'auditLog/getList',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: auditLogListSchema,
  async handler({ input, services }): Promise<ListAnswer<AuditLogRow>> {
    const where = whereOf(input.filter);
    const { limit, offset } = pageOf(input.pagination);
    const columns = { at: auditLog.at, recordType: auditLog.recordType, slug: auditLog.slug, id: auditLog.id };
    return listAnswer(
      services.db.select(rowColumns).from(auditLog).where(where).orderBy(...orderOf(input.sort, columns, { field: 'at', order: 'DESC' }, auditLog.id)).limit(limit).offset(offset),
      services.db.select({ total: count() }).from(auditLog).where(where),
      toRow,
    );
  },
});

export const getAuditLogEntry = defineSlug({
  slug: 'auditLog/getOne',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: auditLogOneSchema,
  async handler({ input, services }): Promise<{ data: AuditLogEntry }> {
    const [row] = await services.db.select().from(auditLog).where(eq(auditLog.id, Number(input.id)));
    if (!row) throw notFound('Audit entry');
    return { data: { ...toRow(row), before: row.before, after: row.after, changes: diffImages(row.before, row.after) } };
  },
});

// ---------------------------------------------------------------- the admins it names

const adminColumns = { id: administrators.id, firstname: administrators.firstname, lastname: administrators.lastname, email: administrators.email };
const nameOf = sql<string>`${administrators.firstname} || ' ' || ${administrators.lastname}`;
const toAdmin = (a: { id: string; firstname: string; lastname: string; email: string }): AdministratorRow => ({ id: a.id, name: `${a.firstname} ${a.lastname}`, email: a.email });

export const getAdministratorsList = defineSlug({
  slug: 'administrators/getList',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: administratorsListSchema,
  async handler({ input, services }): Promise<ListAnswer<AdministratorRow>> {
    const q = input.filter.q;
    const where = q ? or(ilike(nameOf, containsPattern(q)), ilike(administrators.email, containsPattern(q))) : undefined;
    const { limit, offset } = pageOf(input.pagination);
    return listAnswer(
      services.db.select(adminColumns).from(administrators).where(where).orderBy(...orderOf(input.sort, { name: nameOf, email: administrators.email, id: administrators.id }, { field: 'name', order: 'ASC' }, administrators.id)).limit(limit).offset(offset),
      services.db.select({ total: count() }).from(administrators).where(where),
      toAdmin,
    );
  },
});

export const getAdministratorsMany = defineSlug({
  slug: 'administrators/getMany',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: administratorsManySchema,
  async handler({ input, services }): Promise<{ data: AdministratorRow[] }> {
    if (input.ids.length === 0) return { data: [] };
    const rows = await services.db.select(adminColumns).from(administrators).where(inArray(administrators.id, input.ids));
    return { data: rows.map(toAdmin) };
  },
});

export const auditLogSlugs = [getAuditLogList, getAuditLogEntry, getAdministratorsList, getAdministratorsMany];
