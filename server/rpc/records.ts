import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgTableWithColumns } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { notify } from '../live/notify';
import { ApiError, conflict, notFound } from './errors';
import { auditImage, writeAudit } from './audit';
import type { MutationContext } from './registry';
import { isRecordId } from '../../domain/common';

export { mutationContext, type MutationContext } from './registry';

/**
 * The record-editing contract every area uses (ARCHITECTURE "One request, end to end", step 4):
 * a change applies only to the version the user saw (else 409 CONFLICT with the current record),
 * bumps the version, stamps who and when, writes audit_log and notifies the record's live topics,
 * all in the caller's transaction. Reads are not audited.
 */

/** A table carrying the editable() columns of server/db/schema.ts and a uuid or text `id`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EditableTable = PgTableWithColumns<any> & {
  id: PgColumn;
  version: PgColumn;
  createdAt: PgColumn;
  createdBy: PgColumn;
  modifiedAt: PgColumn;
  modifiedBy: PgColumn;
};

export type RowOf<T extends EditableTable> = T['$inferSelect'];
/** What a caller may change: everything but identity and the columns the contract manages. */
export type PatchOf<T extends EditableTable> = Omit<Partial<T['$inferInsert']>, ManagedColumn>;
type ManagedColumn = 'id' | 'version' | 'createdAt' | 'createdBy' | 'modifiedAt' | 'modifiedBy';
const MANAGED: readonly string[] = ['id', 'version', 'createdAt', 'createdBy', 'modifiedAt', 'modifiedBy'];

/** Declared once per table: how its records are named in audit_log and which topics they notify. */
export interface RecordKind<T extends EditableTable> {
  table: T;
  /** audit_log.record_type, e.g. 'leaseCompany'. */
  type: string;
  /** Shown in 404s: "Customer not found!". */
  label: string;
  /** Live topics (domain/live.ts) to notify when a record changes. */
  topics(row: RowOf<T>): string[];
  /** Columns kept out of audit before/after images (secrets). */
  auditOmit?: readonly string[];
  /**
   * The record as a 409 (CONFLICT, INVALID_STATUS) shows it to the caller, when that is not the
   * raw row: for example without the columns the caller's roles may not view.
   */
  present?(tx: Tx, row: RowOf<T>, ctx: MutationContext): Promise<unknown>;
}

export function defineRecordKind<T extends EditableTable>(kind: RecordKind<T>): RecordKind<T> {
  return kind;
}

function withoutManaged<P extends object>(patch: P): P {
  const copy = { ...patch } as Record<string, unknown>;
  for (const key of MANAGED) delete copy[key];
  return copy as P;
}

async function record<T extends EditableTable>(
  tx: Tx,
  kind: RecordKind<T>,
  op: string,
  before: RowOf<T> | null,
  after: RowOf<T>,
  ctx: MutationContext,
): Promise<void> {
  const id = String(after.id);
  await writeAudit(tx, {
    adminId: ctx.adminId,
    slug: ctx.slug,
    recordType: kind.type,
    recordId: id,
    before: auditImage(before, kind.auditOmit),
    after: auditImage(after, kind.auditOmit),
    at: ctx.now,
  });
  for (const topic of kind.topics(after)) await notify(tx, topic, { op, type: kind.type, id, version: Number(after.version) });
}

/** Creates a record at version 1, stamped, audited (before: null) and notified. */
export async function insertRecord<T extends EditableTable>(
  tx: Tx,
  kind: RecordKind<T>,
  values: PatchOf<T> & Partial<Pick<T['$inferInsert'], 'id'>>,
  ctx: MutationContext,
): Promise<RowOf<T>> {
  const t = kind.table;
  const { id, ...rest } = values as Record<string, unknown>;
  const row = {
    ...withoutManaged(rest),
    ...(id === undefined ? {} : { id }),
    version: 1,
    createdAt: ctx.now,
    createdBy: ctx.adminId,
    modifiedAt: ctx.now,
    modifiedBy: ctx.adminId,
  };
  const [after] = (await tx.insert(t).values(row as T['$inferInsert']).returning()) as RowOf<T>[];
  await record(tx, kind, 'insert', null, after, ctx);
  return after;
}

/** The record as the kind shows it in a 409. */
const shown = <T extends EditableTable>(tx: Tx, kind: RecordKind<T>, row: RowOf<T>, ctx: MutationContext): Promise<unknown> =>
  kind.present ? kind.present(tx, row, ctx) : Promise.resolve(row);

/**
 * Locks record `id` (SELECT … FOR UPDATE) and checks that it is still at `expectedVersion`, the
 * version the user saw: 404 RECORD_NOT_FOUND without it, 409 CONFLICT carrying the current record
 * (as the kind presents it) at another version. For a change that needs the current row first.
 */
export async function lockAtVersion<T extends EditableTable>(tx: Tx, kind: RecordKind<T>, id: string, expectedVersion: number, ctx: MutationContext): Promise<RowOf<T>> {
  const t = kind.table;
  // An id a uuid column cannot hold names no record (and must not reach SQL as one).
  if (t.id.columnType === 'PgUUID' && !isRecordId(id)) throw notFound(kind.label);
  const [row] = (await tx.select().from(t as unknown as PgTable).where(eq(t.id, id)).for('update')) as RowOf<T>[];
  if (!row) throw notFound(kind.label);
  if (Number(row.version) !== expectedVersion) throw conflict(await shown(tx, kind, row, ctx));
  return row;
}

/** Why a locked record may not change, as the 409 to answer (its body gets the current record). */
export interface Refusal {
  code: string;
  message: string;
}

/**
 * Applies `patch` to record `id` if it is still at `expectedVersion`:
 * `UPDATE … SET …, version = version + 1, modified_at, modified_by WHERE id = $1 AND version = $2`.
 * The row is locked first (SELECT … FOR UPDATE), which gives the audit its before image and makes
 * a concurrent save of the same version wait, then see the new version and get 409.
 * No row: 404 RECORD_NOT_FOUND. Another version: 409 CONFLICT carrying the current record.
 */
export async function updateVersioned<T extends EditableTable>(
  tx: Tx,
  kind: RecordKind<T>,
  id: string,
  expectedVersion: number,
  patch: PatchOf<T>,
  ctx: MutationContext,
  check?: (current: RowOf<T>) => Refusal | null,
  op = 'update',
): Promise<RowOf<T>> {
  const t = kind.table;
  const before = await lockAtVersion(tx, kind, id, expectedVersion, ctx);
  const refusal = check?.(before);
  if (refusal) throw new ApiError(409, refusal.code, refusal.message, undefined, { current: await shown(tx, kind, before, ctx) });
  const set = { ...withoutManaged(patch), version: sql`${t.version} + 1`, modifiedAt: ctx.now, modifiedBy: ctx.adminId };
  const [after] = (await tx
    .update(t)
    .set(set as never)
    .where(and(eq(t.id, id), eq(t.version, expectedVersion)))
    .returning()) as RowOf<T>[];
  if (!after) {
    // Unreachable while the row lock holds; kept so the contract can never write over a newer version.
    const [current] = (await tx.select().from(t as unknown as PgTable).where(eq(t.id, id))) as RowOf<T>[];
    throw current ? conflict(await shown(tx, kind, current, ctx)) : notFound(kind.label);
  }
  await record(tx, kind, op, before, after, ctx);
  return after;
}

/**
 * A status change (terminate, reactivate…) is a versioned update of `status`, allowed only from
 * the listed statuses; from any other it is 409 INVALID_STATUS with the current record.
 */
export async function changeStatus<T extends EditableTable>(
  tx: Tx,
  kind: RecordKind<T>,
  id: string,
  expectedVersion: number,
  change: { to: string; from: readonly string[]; field?: string },
  ctx: MutationContext,
  patch: PatchOf<T> = {} as PatchOf<T>,
): Promise<RowOf<T>> {
  // The status column's field: `status` unless the table names it otherwise (suppliers: unitStatus).
  const field = change.field ?? 'status';
  return updateVersioned(
    tx,
    kind,
    id,
    expectedVersion,
    { ...patch, [field]: change.to } as PatchOf<T>,
    ctx,
    (current) => {
      const status = String((current as Record<string, unknown>)[field]);
      return change.from.includes(status) ? null : { code: 'INVALID_STATUS', message: `This ${kind.label.toLowerCase()} is ${status} and cannot change to ${change.to}.` };
    },
    'status',
  );
}
