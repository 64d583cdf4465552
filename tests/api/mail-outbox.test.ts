import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { mailOutbox } from '../../server/db/schema';
import type { MailOutboxEntry, MailOutboxRow } from '../../domain/mailOutbox';

/** The mail outbox's slugs on both databases. */
let t: TestApp;
let admin: Browser;
let support: Browser;

beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t, 'SUPER_ADMIN');
  await createAdmin(t, 'SUPPORT');
  // Signing in mails each a passcode (kept in the outbox: no SMTP here).
  admin = new Browser(t);
  await admin.signIn('super_admin@test.example');
  support = new Browser(t);
  await support.signIn('support@test.example');
  const kinds = ['invite', 'networkExport'] as const;
  await t.services.db.insert(mailOutbox).values(
    Array.from({ length: 28 }, (_, i) => ({
      createdAt: new Date(Date.UTC(2026, 3, 1 + (i % 4), 8, i)),
      to: `driver${i}@fleet.example`,
      subject: i % 2 ? `Your network export ${i}` : `You are invited (${i})`,
      text: `Hello ${i},\nline two`,
      kind: kinds[i % 2],
      status: i % 7 === 0 ? 'failed' : 'outbox',
      error: i % 7 === 0 ? 'Connection refused' : null,
      attachments: i % 2 ? [{ filename: `export-${i}.csv`, contentType: 'text/csv', size: 1200 + i }] : null,
    })),
  );
});
afterAll(() => t.close());

const list = (body: object, b = admin) => b.post('mailOutbox/getList', body);
const rows = async (body: object) => {
  const res = await list(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: MailOutboxRow[]; total: number };
};
const page = (p: number, perPage = 25) => ({ pagination: { page: p, perPage } });

describe('mailOutbox/getList', () => {
  it('lists every e-mail newest first, passcodes included, a page at a time', async () => {
    const first = await rows(page(1));
    expect(first.total).toBe(30);
    expect(first.data).toHaveLength(25);
    expect(first.data[0]).toMatchObject({ to: 'driver27@fleet.example', createdAt: '2026-04-04T08:27:00.000Z', kind: 'networkExport', status: 'outbox', sentAt: null });
    // The passcodes were mailed at the test clock's start, before the rest.
    expect((await rows(page(2))).data.map((r) => r.kind)).toEqual(['invite', 'invite', 'invite', 'otp', 'otp']);
  });

  it('filters by recipient or subject text, status, kind and day', async () => {
    expect((await rows({ filter: { q: 'DRIVER1' }, ...page(1) })).total).toBe(11);
    expect((await rows({ filter: { q: 'network export' }, ...page(1) })).total).toBe(14);
    expect((await rows({ filter: { status: 'failed' }, ...page(1) })).data.map((r) => r.to).sort()).toEqual(['driver0@fleet.example', 'driver14@fleet.example', 'driver21@fleet.example', 'driver7@fleet.example']);
    expect((await rows({ filter: { kind: 'otp' }, ...page(1) })).data.map((r) => r.to).sort()).toEqual(['super_admin@test.example', 'support@test.example']);
    const day = await rows({ filter: { createdAt_gte: '2026-04-02', createdAt_lte: '2026-04-02', kind: 'networkExport' }, ...page(1) });
    expect(day.total).toBe(7);
    // An empty text is no filter; wildcards are taken literally.
    expect((await rows({ filter: { q: '  ' }, ...page(1) })).total).toBe(30);
    expect((await rows({ filter: { q: '_' }, ...page(1) })).data.map((r) => r.to)).toEqual(['super_admin@test.example']);
  });

  it('sorts by recipient, subject, kind or status', async () => {
    const byTo = await rows({ filter: { kind: 'invite' }, sort: { field: 'to', order: 'ASC' }, ...page(1, 3) });
    expect(byTo.data.map((r) => r.to)).toEqual(['driver0@fleet.example', 'driver10@fleet.example', 'driver12@fleet.example']);
    const byStatus = await rows({ sort: { field: 'status', order: 'ASC' }, ...page(1, 4) });
    expect(byStatus.data.map((r) => r.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
  });

  it.each([
    [{ filter: { status: 'lost' } }, 'filter.status'],
    [{ filter: { q: 'x'.repeat(101) } }, 'filter.q'],
    [{ filter: { createdAt_lte: 'yesterday' } }, 'filter.createdAt_lte'],
    [{ sort: { field: 'text', order: 'DESC' } }, 'sort.field'],
    [{ pagination: { page: 1, perPage: 0 } }, 'pagination.perPage'],
  ])('refuses %j naming the field', async (body, field) => {
    const res = await list(body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)[0]).toBe(field);
  });
});

describe('mailOutbox/getOne', () => {
  it('answers the message as text with its status, error and attachments', async () => {
    const [row] = (await rows({ filter: { q: 'driver7@' }, ...page(1) })).data;
    const res = await admin.post('mailOutbox/getOne', { id: row.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data as MailOutboxEntry).toMatchObject({
      to: 'driver7@fleet.example',
      subject: 'Your network export 7',
      text: 'Hello 7,\nline two',
      status: 'failed',
      error: 'Connection refused',
      attachments: [{ filename: 'export-7.csv', contentType: 'text/csv', size: 1207 }],
    });
    const [passcode] = (await rows({ filter: { kind: 'otp', q: 'support@' }, ...page(1) })).data;
    expect((await admin.post('mailOutbox/getOne', { id: passcode.id })).json().data.text).toMatch(/passcode for the Fleet Network Console is \d{6}/);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await admin.post('mailOutbox/getOne', { id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await admin.post('mailOutbox/getOne', { id: 'x' })).statusCode).toBe(400);
  });
});

describe('who may read the mail outbox', () => {
  it('refuses it to an admin without MAIL_OUTBOX, and to no session', async () => {
    expect((await list(page(1), support)).statusCode).toBe(403);
    expect((await support.post('mailOutbox/getOne', { id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(403);
    expect((await list(page(1), new Browser(t))).statusCode).toBe(401);
  });
});
