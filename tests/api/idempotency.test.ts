/**
 * Idempotency keys (server/rpc/idempotency.ts), on both databases: the header's form, a repeat
 * answered from the stored answer, a reuse refused, keys scoped by admin, concurrent repeats on one
 * node and on two, which answers are kept, uploads, and the keys' expiry and clean-up job.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { and, count, eq, inArray } from 'drizzle-orm';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { insertSupplier } from '../fixtures/suppliers';
import { multipartBody } from '../support/network';
import { loadConfig } from '../../server/config';
import { auditLog, fileValidationReports, idempotencyKeys, suppliers } from '../../server/db/schema';
import { defineMutation, defineSlug, type SlugDef } from '../../server/rpc/registry';
import { ApiError } from '../../server/rpc/errors';
import { cleanUpIdempotencyKeys } from '../../server/jobs/idempotency/cleanup';
import { QUEUES } from '../../server/jobs/queues';
import { SCHEDULED_JOBS } from '../../domain/backgroundJobs';
import { emptySupplierForm, type SupplierForm } from '../../domain/suppliers';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAYED_HEADER, KEY_TTL_MS } from '../../domain/idempotency';

const HOUR = 60 * 60 * 1000;

/** How many times each test slug's handler ran. */
const runs = new Map<string, number>();
const ran = (note: string) => runs.set(note, (runs.get(note) ?? 0) + 1);

/** A write outside the guard's transaction: its handler opens its own, or fails where asked. */
const countSlug = defineSlug({
  slug: 'test/idem/count',
  method: 'POST',
  effect: 'write',
  access: 'signed-in',
  input: z.object({ note: z.string(), fail: z.enum(['none', 'before', 'after', 'conflict', 'busy']).default('none') }),
  async handler({ input, services, session }) {
    ran(input.note);
    if (input.fail === 'before') throw new Error('failed before writing');
    if (input.fail === 'conflict') throw new ApiError(409, 'CONFLICT', 'Changed meanwhile.');
    if (input.fail === 'busy') throw new ApiError(429, 'BUSY', 'Busy.');
    await services.db.transaction((tx) => tx.insert(auditLog).values({ slug: 'test/idem/count', adminId: session.admin.id, after: { note: input.note } }));
    if (input.fail === 'after') throw new Error('failed after writing');
    return { note: input.note, n: runs.get(input.note) };
  },
});

/** A change in the guard's transaction, failing after its write when asked. */
const mutationSlug = defineMutation({
  slug: 'test/idem/mutation',
  access: 'signed-in',
  input: z.object({ note: z.string(), fail: z.boolean().default(false) }),
  async handler({ input, tx, mutation }) {
    ran(input.note);
    await tx.insert(auditLog).values({ slug: mutation.slug, adminId: mutation.adminId, after: { note: input.note }, at: mutation.now });
    if (input.fail) throw new Error('after the write');
    return { note: input.note };
  },
});

const readSlug = defineSlug({ slug: 'test/idem/read', method: 'POST', effect: 'read', access: 'signed-in', input: z.object({}), handler: async () => ({ read: true }) });

let t: TestApp;
let second: TestApp;
const as: Record<string, Browser> = {};
let group: { id: string; groupId: string; name: string };

beforeAll(async () => {
  // Jobs run (the clean-up job, and the upload's validation), with their schedules recorded.
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, scheduled: true } }, { jobs: true, extraSlugs: [countSlug, mutationSlug, readSlug] as SlugDef[] });
  // A second API node on the same database, with a queue of its own.
  second = await createTestApp({}, { shareDatabaseWith: t });
  for (const [name, role] of [['EDITOR', 'EDITOR'], ['OTHER', 'EDITOR'], ['SUPER_ADMIN', 'SUPER_ADMIN']]) {
    const email = `${name.toLowerCase()}@idempotency.example`;
    await createAdmin(t, role, email);
    as[name] = new Browser(t);
    await as[name].signIn(email);
  }
  ({ group } = await insertSupplier(t.services.db));
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const newKey = () => crypto.randomUUID();

/** Moves the clock on; the sessions it outlives are signed in again. */
async function advance(ms: number) {
  t.clock.advance(ms);
  for (const [name, b] of Object.entries(as)) await b.signIn(`${name.toLowerCase()}@idempotency.example`);
}
const withKey = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

function supplierForm(name: string): SupplierForm {
  return {
    ...emptySupplierForm('UK'),
    accountObjectId: group.id,
    groupId: group.groupId,
    groupName: group.name,
    name,
    companyRegistrationNumber: '01234567',
    vatRegistrationNumber: 'GB123456789',
    address: { number: '12', address1: 'Quay Street', address2: '', address3: 'Bristol', county: '', postcode: 'BS1 4DJ' },
    contact: { primaryPhoneNumber: '0117 123 4567', bookingPhoneNumber: '', faxNumber: '', email: 'bookings@quayside.example' },
    servingRadius: { radius: '15', mobileRadius: '5' },
    services: ['MOT', 'REPAIR'],
    vehicleTypes: ['CAR'],
  };
}
const createSupplier = (b: Browser, name: string, headers: Record<string, string> = {}) =>
  b.post('admin/saveSupplierDetails', { supplierDetails: supplierForm(name), accountId: group.id }, headers);
const suppliersNamed = async (name: string) => (await t.services.db.select().from(suppliers).where(eq(suppliers.name, name))).length;
const keyRow = async (key: string) => (await t.services.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];
const answers = (responses: { statusCode: number; body: string }[]) => new Set(responses.map((r) => `${r.statusCode} ${r.body}`));

describe('the Idempotency-Key header', () => {
  it('must be a UUID: anything else is a 400 that names the header, and nothing runs', async () => {
    for (const bad of ['', 'yes', '12345', `${newKey()}x`, 'g1c2a4e8-8b3d-4f7a-9c1e-2d5b7a9e0f13', `${newKey()}, ${newKey()}`]) {
      const res = await createSupplier(as.EDITOR, 'Badkey Motors', withKey(bad));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toEqual({ code: 'BAD_IDEMPOTENCY_KEY', message: IDEMPOTENCY_MESSAGES.notUuid });
    }
    expect(await suppliersNamed('Badkey Motors')).toBe(0);
  });

  it('is ignored on a slug that only reads, and upper and lower case are one key', async () => {
    const read = await as.EDITOR.post('test/idem/read', {}, withKey('not a uuid'));
    expect(read.statusCode).toBe(200);
    const key = newKey();
    const first = await as.EDITOR.post('test/idem/count', { note: 'case' }, withKey(key.toUpperCase()));
    const repeat = await as.EDITOR.post('test/idem/count', { note: 'case' }, withKey(key));
    expect(repeat.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(repeat.body).toBe(first.body);
    expect(runs.get('case')).toBe(1);
  });
});

describe('admin/saveSupplierDetails (create), double-clicked', () => {
  it('10 concurrent requests with one key make one supplier, one audit row and equal answers', async () => {
    const key = newKey();
    const auditsBefore = await t.services.db.select({ n: count() }).from(auditLog).where(eq(auditLog.slug, 'admin/saveSupplierDetails'));
    const responses = await Promise.all(Array.from({ length: 10 }, () => createSupplier(as.EDITOR, 'Onekey Motors', withKey(key))));
    expect(answers(responses).size).toBe(1);
    expect(responses[0].statusCode, responses[0].body).toBe(200);
    expect(responses.filter((r) => r.headers[IDEMPOTENT_REPLAYED_HEADER] === 'true')).toHaveLength(9);
    expect(await suppliersNamed('Onekey Motors')).toBe(1);
    const auditsAfter = await t.services.db.select({ n: count() }).from(auditLog).where(eq(auditLog.slug, 'admin/saveSupplierDetails'));
    expect(auditsAfter[0].n - auditsBefore[0].n).toBe(1);
    // The key, its admin, the call, the body's hash and the answer as sent.
    const row = await keyRow(key);
    expect(row).toMatchObject({ slug: 'admin/saveSupplierDetails', status: 200, body: responses[0].body });
    expect(row.requestHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('without a key, behaves as before: each request makes its supplier', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => createSupplier(as.EDITOR, 'Nokey Motors')));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.json().serviceUnitId)).size).toBe(10);
    expect(await suppliersNamed('Nokey Motors')).toBe(10);
    expect(responses.some((r) => r.headers[IDEMPOTENT_REPLAYED_HEADER])).toBe(false);
  });

  it('a repeat with the members in another order is the same request', async () => {
    const key = newKey();
    const first = await createSupplier(as.EDITOR, 'Reordered Motors', withKey(key));
    const repeat = await as.EDITOR.post('admin/saveSupplierDetails', { accountId: group.id, supplierDetails: supplierForm('Reordered Motors') }, withKey(key));
    expect(repeat.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(repeat.body).toBe(first.body);
    expect(await suppliersNamed('Reordered Motors')).toBe(1);
  });

  it('the same key with another body, or for another call, is a 422 and changes nothing', async () => {
    const key = newKey();
    expect((await createSupplier(as.EDITOR, 'Reused Motors', withKey(key))).statusCode).toBe(200);
    const other = await createSupplier(as.EDITOR, 'Reused Motors Two', withKey(key));
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.reused });
    const otherCall = await as.EDITOR.post('test/idem/count', { note: 'reused' }, withKey(key));
    expect(otherCall.statusCode).toBe(422);
    expect(runs.get('reused')).toBeUndefined();
    expect(await suppliersNamed('Reused Motors Two')).toBe(0);
    // A body that would fail its schema is refused for its key first: the key is what was wrong.
    expect((await as.EDITOR.post('admin/saveSupplierDetails', { nonsense: true }, withKey(key))).statusCode).toBe(422);
  });

  it("another admin's equal key is another key: it runs for them, and never answers with the first admin's answer", async () => {
    const key = newKey();
    const mine = await createSupplier(as.EDITOR, 'Shared Key Motors', withKey(key));
    const theirs = await createSupplier(as.OTHER, 'Shared Key Motors', withKey(key));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(theirs.json().serviceUnitId).not.toBe(mine.json().serviceUnitId);
    expect(await suppliersNamed('Shared Key Motors')).toBe(2);
    // Each admin's repeat gets their own answer.
    expect((await createSupplier(as.OTHER, 'Shared Key Motors', withKey(key))).body).toBe(theirs.body);
    expect((await createSupplier(as.EDITOR, 'Shared Key Motors', withKey(key))).body).toBe(mine.body);
  });

  it('repeats sent to two API nodes at once still make one supplier and get one answer', async () => {
    const key = newKey();
    const on = (app: TestApp) => {
      const b = as.EDITOR.clone();
      return (name: string) =>
        app.app.inject({ method: 'POST', url: '/api/v1/admin/saveSupplierDetails', payload: { supplierDetails: supplierForm(name), accountId: group.id }, headers: { cookie: b.cookieHeader(), 'x-csrf-token': b.csrf, ...withKey(key) } });
    };
    const [a, b] = [on(t), on(second)];
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? b : a)('Two Nodes Motors')));
    expect(answers(responses).size).toBe(1);
    expect(responses[0].statusCode, responses[0].body).toBe(200);
    expect(await suppliersNamed('Two Nodes Motors')).toBe(1);
  });
});

describe('which answers are kept', () => {
  it('a 4xx the call decided is kept and replayed; a refusal of the input schema is not kept', async () => {
    const key = newKey();
    const first = await as.EDITOR.post('test/idem/count', { note: 'conflict', fail: 'conflict' }, withKey(key));
    expect(first.statusCode).toBe(409);
    const repeat = await as.EDITOR.post('test/idem/count', { note: 'conflict', fail: 'conflict' }, withKey(key));
    expect([repeat.statusCode, repeat.body, repeat.headers[IDEMPOTENT_REPLAYED_HEADER]]).toEqual([409, first.body, 'true']);
    expect(runs.get('conflict')).toBe(1);

    const schemaKey = newKey();
    expect((await as.EDITOR.post('test/idem/count', { note: 5 }, withKey(schemaKey))).statusCode).toBe(400);
    expect(await keyRow(schemaKey)).toBeUndefined();
  });

  it('a 5xx or 429 of a call that wrote nothing is not kept: the repeat runs', async () => {
    for (const fail of ['before', 'busy'] as const) {
      const key = newKey();
      const note = `nothing written ${fail}`;
      expect((await as.EDITOR.post('test/idem/count', { note, fail }, withKey(key))).statusCode).toBe(fail === 'busy' ? 429 : 500);
      expect(await keyRow(key)).toBeUndefined();
      await as.EDITOR.post('test/idem/count', { note, fail }, withKey(key));
      expect(runs.get(note)).toBe(2);
    }
  });

  it('any answer of a call whose key committed with its write is kept, even a 500: it never runs twice', async () => {
    const key = newKey();
    const first = await as.EDITOR.post('test/idem/count', { note: 'wrote then failed', fail: 'after' }, withKey(key));
    expect(first.statusCode).toBe(500);
    const repeat = await as.EDITOR.post('test/idem/count', { note: 'wrote then failed', fail: 'after' }, withKey(key));
    expect([repeat.statusCode, repeat.body, repeat.headers[IDEMPOTENT_REPLAYED_HEADER]]).toEqual([500, first.body, 'true']);
    expect(runs.get('wrote then failed')).toBe(1);
    const written = await t.services.db.select().from(auditLog).where(eq(auditLog.slug, 'test/idem/count'));
    expect(written.filter((r) => (r.after as { note: string }).note === 'wrote then failed')).toHaveLength(1);
  });

  it("a defineMutation's answer commits with its write; one that rolls back keeps no key and its repeat runs", async () => {
    const key = newKey();
    const ok = await as.EDITOR.post('test/idem/mutation', { note: 'in one transaction' }, withKey(key));
    expect(ok.statusCode).toBe(200);
    expect(await keyRow(key)).toMatchObject({ status: 200, body: ok.body });

    const failing = newKey();
    expect((await as.EDITOR.post('test/idem/mutation', { note: 'rolled back', fail: true }, withKey(failing))).statusCode).toBe(500);
    expect(await keyRow(failing)).toBeUndefined();
    expect((await as.EDITOR.post('test/idem/mutation', { note: 'rolled back', fail: true }, withKey(failing))).statusCode).toBe(500);
    expect(runs.get('rolled back')).toBe(2);
    const notes = (await t.services.db.select().from(auditLog).where(eq(auditLog.slug, 'test/idem/mutation'))).map((r) => (r.after as { note: string }).note);
    expect(notes).toEqual(['in one transaction']);
  });
});

describe('an upload with a key', () => {
  const upload = (csv: string, key: string, fields: Record<string, string> = { validationType: 'GSF_CONTRACT' }) => {
    // A new boundary each time, as a browser chooses one per request.
    const { payload, contentType } = multipartBody(fields, [{ name: 'contracts.csv', content: csv }]);
    return as.SUPER_ADMIN.post('fileValidation/upload', payload, { 'content-type': contentType, ...withKey(key) });
  };
  const reports = async (name: string) => (await t.services.db.select().from(fileValidationReports).where(eq(fileValidationReports.fileName, name))).length;

  it('is hashed without its multipart boundary: the same form again is a repeat, another file a 422', async () => {
    const key = newKey();
    const csv = 'Customer Id,Registration\nC01001,AB12CDE\n';
    const first = await upload(csv, key);
    expect(first.statusCode, first.body).toBe(200);
    const repeats = await Promise.all(Array.from({ length: 4 }, () => upload(csv, key)));
    expect(answers([first, ...repeats]).size).toBe(1);
    expect(await reports('contracts.csv')).toBe(1);
    const other = await upload(`${csv}C01002,XY34ZZZ\n`, key);
    expect(other.statusCode).toBe(422);
    const otherField = await upload(csv, key, { validationType: 'GSF_STOCK' });
    expect(otherField.statusCode).toBe(422);
    expect(await reports('contracts.csv')).toBe(1);
  });
});

describe('expiry', () => {
  it('a key is kept 24 hours; the hourly clean-up job removes it after that, and the key then runs anew', async () => {
    const key = newKey();
    const first = await createSupplier(as.EDITOR, 'Expiring Motors', withKey(key));
    expect(first.statusCode).toBe(200);
    await advance(KEY_TTL_MS - HOUR);
    expect((await createSupplier(as.EDITOR, 'Expiring Motors', withKey(key))).headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(await cleanUpIdempotencyKeys(t.services)).toBe(0);
    expect(await keyRow(key)).toBeDefined();

    await advance(2 * HOUR);
    // The scheduled job, run as pg-boss runs it (Run now on the Background Jobs screen).
    const run = await as.SUPER_ADMIN.post('backgroundJobs/runScheduled', { queue: QUEUES.idempotencyKeysCleanup });
    expect(run.statusCode, run.body).toBe(200);
    await expect.poll(() => keyRow(key), { timeout: 20_000 }).toBeUndefined();

    const again = await createSupplier(as.EDITOR, 'Expiring Motors', withKey(key));
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(again.json().serviceUnitId).not.toBe(first.json().serviceUnitId);
    expect(await suppliersNamed('Expiring Motors')).toBe(2);
  });

  it('an expired key not yet cleaned up runs anew too', async () => {
    const key = newKey();
    expect((await as.EDITOR.post('test/idem/count', { note: 'lazily expired' }, withKey(key))).statusCode).toBe(200);
    await advance(KEY_TTL_MS + 1);
    expect((await as.EDITOR.post('test/idem/count', { note: 'lazily expired' }, withKey(key))).headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(runs.get('lazily expired')).toBe(2);
  });

  it('the clean-up job is scheduled hourly and listed on the Background Jobs screen', async () => {
    const schedules = await t.services.jobs.boss.getSchedules();
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: QUEUES.idempotencyKeysCleanup, cron: SCHEDULED_JOBS.idempotencyKeysCleanup.cron })]));
    const listed = (await as.SUPER_ADMIN.post('backgroundJobs/getScheduled', {})).json().data as { queue: string; cron: string }[];
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ queue: 'idempotency-keys-cleanup', cron: '47 * * * *' })]));
  });

  it('removes old keys in batches and leaves newer ones', async () => {
    const [admin] = (await t.services.db.select({ adminId: idempotencyKeys.adminId }).from(idempotencyKeys).limit(1));
    const now = t.clock.now().getTime();
    const old = Array.from({ length: 1005 }, () => ({ adminId: admin.adminId, key: newKey(), slug: 'test/idem/count', status: 200, body: '{}', createdAt: new Date(now - KEY_TTL_MS - HOUR) }));
    const fresh = Array.from({ length: 3 }, () => ({ adminId: admin.adminId, key: newKey(), slug: 'test/idem/count', status: 200, body: '{}', createdAt: new Date(now - HOUR) }));
    await t.services.db.insert(idempotencyKeys).values([...old, ...fresh]);
    expect(await cleanUpIdempotencyKeys(t.services)).toBeGreaterThanOrEqual(1005);
    const left = await t.services.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(and(eq(idempotencyKeys.adminId, admin.adminId), inArray(idempotencyKeys.key, [...old, ...fresh].map((k) => k.key))));
    expect(left.map((r) => r.key).sort()).toEqual(fresh.map((k) => k.key).sort());
  });
});
