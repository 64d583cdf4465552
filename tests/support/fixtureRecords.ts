import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { editable } from '../../server/db/schema';
import type { Database } from '../../server/db/client';
import { defineSlug, type SlugDef } from '../../server/rpc/registry';
import { ApiError, notFound } from '../../server/rpc/errors';
import { changeStatus, defineRecordKind, insertRecord, mutationContext, updateVersioned } from '../../server/rpc/records';
import { topics } from '../../domain/live';
import { leaseCompanies } from '../../server/db/schema/customers';

/**
 * A stand-in for an area table (lease companies), created by the tests with raw SQL, so the
 * record-editing contract is tested without waiting for the real data model.
 */
export const fixtureRecords = pgTable('fixture_records', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email'),
  status: text('status').notNull().default('ACTIVE'),
  secret: text('secret'),
  ...editable(),
});
export type FixtureRecord = typeof fixtureRecords.$inferSelect;

export const FIXTURE_DDL = `CREATE TABLE IF NOT EXISTS fixture_records (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text,
  status text NOT NULL DEFAULT 'ACTIVE',
  secret text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  modified_at timestamptz NOT NULL DEFAULT now(),
  modified_by uuid
)`;

export async function createFixtureTable(database: Database): Promise<void> {
  await database.query(FIXTURE_DDL);
}

export const fixtureKind = defineRecordKind({
  table: fixtureRecords,
  type: 'fixtureRecord',
  label: 'Record',
  // Announced on the lease company topic, as the real customer table will be.
  topics: (row) => [topics.leaseCompany(row.id)],
  auditOmit: ['secret'],
});

const fields = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email: z.email({ error: 'Enter a valid e-mail address' }).optional(),
  secret: z.string().optional(),
});
const versioned = z.object({ id: z.uuid(), version: z.number().int().positive() });
const edit = { permission: 'EDIT_CUSTOMER', action: 'edit' } as const;

/** The data model's customer table under the same contract (its real slugs belong to the customers area). */
export const leaseCompanyKind = defineRecordKind({
  table: leaseCompanies,
  type: 'leaseCompany',
  label: 'Customer',
  topics: (row) => [topics.leaseCompany(row.id)],
});

export const fixtureSlugs = [
  defineSlug({
    slug: 'test/fixture/create',
    method: 'POST',
    effect: 'write',
    access: edit,
    input: fields.strict(),
    handler: (c) => c.services.db.transaction((tx) => insertRecord(tx, fixtureKind, c.input, mutationContext(c))),
  }),
  defineSlug({
    slug: 'test/fixture/update',
    method: 'POST',
    effect: 'write',
    access: edit,
    input: versioned.extend({ data: fields.partial().strict() }),
    handler: (c) =>
      c.services.db.transaction((tx) => updateVersioned(tx, fixtureKind, c.input.id, c.input.version, c.input.data, mutationContext(c))),
  }),
  defineSlug({
    slug: 'test/fixture/terminate',
    method: 'POST',
    effect: 'write',
    access: edit,
    input: versioned,
    handler: (c) =>
      c.services.db.transaction((tx) =>
        changeStatus(tx, fixtureKind, c.input.id, c.input.version, { to: 'TERMINATED', from: ['ACTIVE'] }, mutationContext(c)),
      ),
  }),
  /** Saves, then fails after the audit row and the notification: all three must roll back. */
  defineSlug({
    slug: 'test/fixture/updateThenFail',
    method: 'POST',
    effect: 'write',
    access: edit,
    input: versioned.extend({ data: fields.partial().strict() }),
    handler: (c) =>
      c.services.db.transaction(async (tx) => {
        await updateVersioned(tx, fixtureKind, c.input.id, c.input.version, c.input.data, mutationContext(c));
        throw new ApiError(422, 'LATER_STEP_FAILED', 'A later step failed.');
      }),
  }),
  defineSlug({
    slug: 'test/fixture/get',
    method: 'GET',
    effect: 'read',
    access: { permission: 'customer', action: 'view' },
    input: z.object({ id: z.uuid() }),
    async handler(c) {
      const [row] = await c.services.db.select().from(fixtureRecords).where(eq(fixtureRecords.id, c.input.id));
      if (!row) throw notFound();
      return row;
    },
  }),
  defineSlug({
    slug: 'test/leaseCompany/update',
    method: 'POST',
    effect: 'write',
    access: edit,
    input: versioned.extend({ data: z.object({ name: fields.shape.name, email: fields.shape.email }).partial().strict() }),
    handler: (c) =>
      c.services.db.transaction((tx) => updateVersioned(tx, leaseCompanyKind, c.input.id, c.input.version, c.input.data, mutationContext(c))),
  }),
  defineSlug({
    slug: 'test/leaseCompany/terminate',
    method: 'POST',
    effect: 'write',
    access: edit,
    input: versioned,
    handler: (c) =>
      c.services.db.transaction((tx) => {
        const ctx = mutationContext(c);
        return changeStatus(tx, leaseCompanyKind, c.input.id, c.input.version, { to: 'TERMINATED', from: ['ACTIVE'] }, ctx, { terminatedAt: ctx.now });
      }),
  }),
] as SlugDef[];
