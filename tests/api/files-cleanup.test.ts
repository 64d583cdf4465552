import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { loadConfig } from '../../server/config';
import { fullForm } from '../fixtures/customerForms';
import { png } from '../fixtures/png';
import { accountingCategories, administrators, fileChunks, files } from '../../server/db/schema';
import { CREDIT_LIMIT_FILE_RETENTION_MS, writeCreditLimitFile } from '../../server/jobs/savi/creditLimit';
import { CHUNK_BYTES, FileWriter, putFile } from '../../server/files/storage';
import { cleanUpFiles } from '../../server/jobs/files/cleanup';
import { QUEUES } from '../../server/jobs/queues';
import { SCHEDULED_JOBS } from '../../domain/backgroundJobs';
import { toCustomerForm, toSaveInput, type CustomerDetails } from '../../domain/customers';

const HOUR = 60 * 60 * 1000;
let t: TestApp;
let editor: Browser;
let admin: Browser;

beforeAll(async () => {
  // With the schedules recorded, as in production (tests leave them out by default).
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, scheduled: true } }, { jobs: true });
  await t.services.db.insert(accountingCategories).values([{ id: '1001', name: 'Leasing UK' }]);
  for (const role of ['EDITOR', 'SUPER_ADMIN']) await createAdmin(t, role);
  editor = new Browser(t);
  await editor.signIn('editor@test.example');
  admin = new Browser(t);
  await admin.signIn('super_admin@test.example');
});
afterAll(() => t.close());

let customerNo = 0;
async function customerWithLogo(logo: string | null): Promise<string> {
  const form = fullForm('UK');
  form.customerName = `Clean-up Test Leasing ${++customerNo} Ltd`;
  const saved = await admin.post('admin/saveLeaseCompanyDetails', toSaveInput(form, 'UK'));
  expect(saved.statusCode, saved.body).toBe(200);
  const id = saved.json().leaseCompanyId as string;
  const d: CustomerDetails = (await admin.post('admin/getLeaseCompanyDetails', { leaseCompanyId: id })).json().customer;
  const edit = toCustomerForm(d);
  edit.config.webLink.theme.logo = logo;
  const res = await admin.post('admin/saveLeaseCompanyDetails', toSaveInput(edit, 'UK'));
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const image = (size = 2000) => {
  const b = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
};
async function uploadDocument(): Promise<string> {
  const res = await editor.post('enquiry/uploadImage', { file: image().toString('base64'), savedFilename: 'scan.png', documentUploadType: 'CUSTOMER' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().fileId;
}
async function uploadLogo(): Promise<{ fileId: string; url: string }> {
  const res = await editor.post('admin/uploadCustomerLogo', { fileName: 'logo.png', contentBase64: png(10, 10).toString('base64') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** A streamed write cut off after two chunks, as a crash leaves it. */
async function cutOffWrite(): Promise<string> {
  const writer = await FileWriter.open(t.services.files, t.services.db, { name: 'export.csv', contentType: 'text/csv', createdAt: t.clock.now() });
  await writer.write(Buffer.alloc(2 * CHUNK_BYTES, 0x61));
  return writer.id;
}

/** Which of `ids` are still stored. */
async function stored(ids: Record<string, string>): Promise<string[]> {
  const rows = await t.services.db.select({ id: files.id }).from(files).where(inArray(files.id, Object.values(ids)));
  const left = new Set(rows.map((r) => r.id));
  return Object.entries(ids).filter(([, id]) => left.has(id)).map(([name]) => name).sort();
}

describe('files clean-up job', () => {
  it('removes unattached uploads, unused logos and cut-off writes once past the grace period, and nothing else', async () => {
    const lease = await customerWithLogo(null);
    const attachedId = await uploadDocument();
    const attach = await editor.post('admin/addDocument', {
      leaseCompanyId: lease,
      uploadType: 'CUSTOMER',
      document: { uid: 'u-1', type: 'image/png', filename: 'scan.png', savedFilename: 'scan.png', label: 'Scan', fileId: attachedId },
    });
    expect(attach.statusCode, attach.body).toBe(200);
    const usedLogo = await uploadLogo();
    await customerWithLogo(usedLogo.url);
    const old = {
      attached: attachedId,
      usedLogo: usedLogo.fileId,
      unattached: await uploadDocument(),
      unusedLogo: (await uploadLogo()).fileId,
      cutOff: await cutOffWrite(),
      // A file that is not an upload (an export, say) is its own rows' business.
      other: (await putFile(t.services.files, t.services.db, { name: 'export.csv', contentType: 'text/csv', data: Buffer.from('a,b\n'), createdAt: t.clock.now() })).id,
    };
    const graceMs = t.services.config.files.cleanupGraceMs;
    expect(graceMs).toBe(24 * HOUR);

    t.clock.advance(graceMs - 60_000);
    // A day later: the sessions have ended.
    await editor.signIn('editor@test.example');
    const recent = { unattached: await uploadDocument(), cutOff: await cutOffWrite() };
    expect(await cleanUpFiles(t.services)).toEqual({ incomplete: 0, unattachedDocuments: 0, unusedLogos: 0, expired: 0, orphanBodies: 0 });

    t.clock.advance(2 * 60_000);
    expect(await cleanUpFiles(t.services)).toEqual({ incomplete: 1, unattachedDocuments: 1, unusedLogos: 1, expired: 0, orphanBodies: 0 });
    expect(await stored(old)).toEqual(['attached', 'other', 'usedLogo']);
    expect(await stored(recent)).toEqual(['cutOff', 'unattached']);
    // The chunks go with their file.
    expect(await t.services.db.select().from(fileChunks).where(eq(fileChunks.fileId, old.cutOff))).toEqual([]);
    // What is kept still works.
    expect((await editor.get(`admin/getCustomerLogo?fileId=${old.usedLogo}`)).statusCode).toBe(200);
    expect(await cleanUpFiles(t.services)).toEqual({ incomplete: 0, unattachedDocuments: 0, unusedLogos: 0, expired: 0, orphanBodies: 0 });
  });

  it('removes a credit limit file once its retention has passed', async () => {
    const [admin] = await t.services.db.select({ id: administrators.id }).from(administrators).limit(1);
    const { file } = await writeCreditLimitFile(t.services.files, t.services.db, { name: 'credit-limits.csv', createdBy: admin.id, createdAt: t.clock.now() });
    t.clock.advance(CREDIT_LIMIT_FILE_RETENTION_MS - 60_000);
    expect((await cleanUpFiles(t.services)).expired).toBe(0);
    expect(await stored({ file: file.id })).toEqual(['file']);
    t.clock.advance(2 * 60_000);
    expect((await cleanUpFiles(t.services)).expired).toBe(1);
    expect(await stored({ file: file.id })).toEqual([]);
    // A week on: the session has ended.
    await editor.signIn('editor@test.example');
  });

  it('runs hourly as a pg-boss job', async () => {
    const schedules = await t.services.jobs.boss.getSchedules();
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: QUEUES.filesCleanup, cron: SCHEDULED_JOBS.filesCleanup.cron })]));

    const doomed = await uploadDocument();
    t.clock.advance(t.services.config.files.cleanupGraceMs + 60_000);
    await t.services.db.transaction((tx) => t.services.jobs.send(tx, QUEUES.filesCleanup, {}));
    t.services.jobs.wake(QUEUES.filesCleanup);
    await expect.poll(async () => stored({ doomed }), { timeout: 20_000 }).toEqual([]);
  });
});
