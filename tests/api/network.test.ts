import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { csvOf, recordsOf, seedNetworkFixture, settledImport, uploadNetworkFile, type NetworkFixture } from '../support/network';
import { auditLog, customerNetworkTerms, leaseGroupLinks, mailOutbox, networkExports, networkImports, supplierNetworkTerms } from '../../server/db/schema';
import { NETWORK_IMPORT_MAX_BYTES, NETWORK_MESSAGES, ONE_FILE_MESSAGE, startsWithTrigger, CUSTOMER_NETWORK_FORMAT, DI_NETWORK_FORMAT } from '../../domain/network';
import { NETWORK_SERVER_MESSAGES } from '../../server/rpc/network';
import { putFile } from '../../server/files/storage';
import { CSV_PROBLEMS } from '../../server/files/csvReader';
import { CSV_READ_MESSAGES } from '../../server/jobs/batches';
import { LIVE_CHANNEL } from '../../server/live/notify';
import { topics } from '../../domain/live';

let t: TestApp;
let editor: Browser;
let viewer: Browser;
let fx: NetworkFixture;
const HEADERS = CUSTOMER_NETWORK_FORMAT.columns.map((c) => c.header);
const col = (h: string) => HEADERS.indexOf(h);

beforeAll(async () => {
  // Idle workers look every half second; a failed job is retried after 1 s (then 2, 4…) rather than 5.
  t = await createTestApp({ jobs: { ...loadConfig({ NODE_ENV: 'test' }).jobs, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 } }, { jobs: true });
  await createAdmin(t, 'EDITOR', 'editor@network.example');
  await createAdmin(t, 'VIEWER', 'viewer@network.example');
  editor = new Browser(t);
  viewer = new Browser(t);
  await editor.signIn('editor@network.example');
  await viewer.signIn('viewer@network.example');
  fx = await seedNetworkFixture(t.services.db);
});
afterAll(async () => {
  await t?.close();
});

async function exportGroup(group: number, extra: Record<string, unknown> = {}) {
  const res = await editor.post('networkExport/triggerLeaseNetworkExport', { accountsId: fx.groups[group].id, leaseId: fx.leaseId, emailExportFile: false, isEnabled: false, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const { success, exportId } = res.json();
  expect(success).toBe(true);
  await expect.poll(async () => (await t.services.db.select().from(networkExports).where(eq(networkExports.id, exportId)))[0].processIndicator, { timeout: 20_000 }).not.toBe('LOADING');
  const file = await editor.post('networkExport/getNetworkExportFile', { exportId, leaseId: fx.leaseId });
  expect(file.statusCode, file.body).toBe(200);
  return { exportId, records: recordsOf(file.json()), download: file.json() };
}

async function uploadAndValidate(csv: string | Buffer, opts: { isDi?: boolean } = {}) {
  const res = await uploadNetworkFile(t, editor, { leaseId: opts.isDi ? null : fx.leaseId, isDi: opts.isDi, csv });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().networkImportId as string;
  return settledImport(t.services.db, id);
}

async function persist(id: string, opts: { isDi?: boolean } = {}) {
  const res = await editor.post('admin/persistNetworkImport', { importId: id, ...(opts.isDi ? { isDiNetworkImport: true } : { leaseId: fx.leaseId }) });
  expect(res.statusCode, res.body).toBe(200);
  return settledImport(t.services.db, id);
}

async function logOf(id: string, isDi = false) {
  const res = await editor.post('admin/getNetworkImportLogFile', { importId: id, ...(isDi ? { isDiNetworkImport: true } : { leaseId: fx.leaseId }) });
  expect(res.statusCode, res.body).toBe(200);
  return recordsOf(res.json());
}

describe('permissions', () => {
  it('refuses every network call to a role without manageNetwork (403)', async () => {
    const calls: [string, object][] = [
      ['admin/getLeaseAccountsList', { leaseId: fx.leaseId, searchText: 'Alpha' }],
      ['networkExport/triggerLeaseNetworkExport', { accountsId: fx.groups[0].id, leaseId: fx.leaseId }],
      ['networkExport/getNetworkExports', { leaseId: fx.leaseId }],
      ['admin/getNetworkImports', { leaseId: fx.leaseId }],
      ['admin/persistNetworkImport', { leaseId: fx.leaseId, importId: fx.leaseId }],
    ];
    for (const [slug, body] of calls) expect((await viewer.post(slug, body)).statusCode, slug).toBe(403);
    expect((await uploadNetworkFile(t, viewer, { leaseId: fx.leaseId, csv: 'x' })).statusCode).toBe(403);
  });

  it('checks the session and the CSRF token of an upload before reading its body', async () => {
    const anonymous = new Browser(t);
    expect((await uploadNetworkFile(t, anonymous, { leaseId: fx.leaseId, csv: 'x' })).statusCode).toBe(401);
    const forged = editor.clone();
    forged.csrf = 'not-the-token';
    expect((await uploadNetworkFile(t, forged, { leaseId: fx.leaseId, csv: 'x' })).statusCode).toBe(403);
  });
});

describe('admin/getLeaseAccountsList', () => {
  it('finds the ACTIVE linked groups whose name contains the text, by name', async () => {
    const res = await editor.post('admin/getLeaseAccountsList', { leaseId: fx.leaseId, searchText: 'ETA' });
    expect(res.json().accounts).toEqual([{ id: fx.groups[1].id, name: 'Beta Garages' }]);
    // Not linked, and linked but terminated: not offered.
    expect((await editor.post('admin/getLeaseAccountsList', { leaseId: fx.leaseId, searchText: 'Gamma' })).json().accounts).toEqual([]);
    expect((await editor.post('admin/getLeaseAccountsList', { leaseId: fx.leaseId, searchText: 'Delta' })).json().accounts).toEqual([]);
    expect((await editor.post('admin/getLeaseAccountsList', { leaseId: fx.otherLeaseId, searchText: 'Alpha' })).json().accounts).toEqual([]);
  });

  it('needs 3 characters', async () => {
    const res = await editor.post('admin/getLeaseAccountsList', { leaseId: fx.leaseId, searchText: 'Al' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.searchText).toBe('Enter a min of 3 characters to search');
  });
});

describe('network export', () => {
  it("refuses an export without a group ('Group field is required') or with a group not linked to the customer", async () => {
    const missing = await editor.post('networkExport/triggerLeaseNetworkExport', { leaseId: fx.leaseId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.accountsId).toBe(NETWORK_MESSAGES.groupRequired);
    const notLinked = await editor.post('networkExport/triggerLeaseNetworkExport', { leaseId: fx.leaseId, accountsId: fx.groups[2].id });
    expect(notLinked.statusCode).toBe(400);
    expect(notLinked.json().error.fields.accountsId).toBe(NETWORK_SERVER_MESSAGES.groupNotLinked);
    expect((await editor.post('networkExport/triggerLeaseNetworkExport', { leaseId: fx.groups[0].id, accountsId: fx.groups[0].id })).statusCode).toBe(404);
  });

  it('answers at once, then the job writes one row per supplier of the group, e-mailed to the admin when asked', async () => {
    const before = t.mails.length;
    const res = await editor.post('networkExport/triggerLeaseNetworkExport', { accountsId: fx.groups[0].id, leaseId: fx.leaseId, isEnabled: true, emailExportFile: true, supplierType: 'All' });
    expect(res.json()).toEqual({ success: true, exportId: expect.any(String) });
    const id = res.json().exportId;
    await expect.poll(async () => (await t.services.db.select().from(networkExports).where(eq(networkExports.id, id)))[0].processIndicator, { timeout: 20_000 }).toBe('SUCCESS');
    const [row] = await t.services.db.select().from(networkExports).where(eq(networkExports.id, id));
    // isEnabled: live suppliers only (supplier 2 of each group is cancelled).
    expect(row.rowCount).toBe(2);
    await expect.poll(() => t.mails.slice(before).filter((m) => m.kind === 'networkExport').length).toBe(1);
    const mail = t.mails.slice(before).find((m) => m.kind === 'networkExport')!;
    expect(mail.to).toBe('editor@network.example');
    const [outbox] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect((outbox.attachments as unknown[] | null)?.[0]).toMatchObject({ contentType: 'text/csv', filename: expect.stringMatching(/^network-TG0-.*\.csv$/) });
    const list = (await editor.post('networkExport/getNetworkExports', { leaseId: fx.leaseId })).json().networkExports;
    expect(list[0]).toMatchObject({ id, processIndicator: 'SUCCESS', groupName: 'Alpha Motor Group', emailExportFile: true, supplierType: 'All', fileName: expect.stringMatching(/\.csv$/) });
  });

  it('e-mails the export in a job of its own that is retried when the mail server fails', async () => {
    const send = t.services.mailer.send;
    let refused = 0;
    t.services.mailer.send = async (message) => {
      if (message.kind === 'networkExport' && refused === 0) {
        refused++;
        throw new Error('mail server unavailable');
      }
      return send(message);
    };
    try {
      const before = t.mails.length;
      const id = (await editor.post('networkExport/triggerLeaseNetworkExport', { accountsId: fx.groups[0].id, leaseId: fx.leaseId, emailExportFile: true })).json().exportId;
      await expect.poll(async () => (await t.services.db.select().from(networkExports).where(eq(networkExports.id, id)))[0].processIndicator, { timeout: 20_000 }).toBe('SUCCESS');
      // The first attempt fails; the export stays done and the retry (backoff from retryDelaySeconds) sends it.
      await expect.poll(() => t.mails.slice(before).filter((m) => m.kind === 'networkExport').length, { timeout: 45_000, interval: 250 }).toBe(1);
      expect(refused).toBe(1);
      expect((await t.services.db.select().from(networkExports).where(eq(networkExports.id, id)))[0].processIndicator).toBe('SUCCESS');
    } finally {
      t.services.mailer.send = send;
    }
  }, 60_000);

  it('filters by supplier type and MOT class', async () => {
    const franchise = await exportGroup(1, { supplierType: 'Franchise' });
    expect(franchise.records.slice(1).map((r) => r[col('Supplier Type')])).toEqual(['Franchise']);
    const mot4 = await exportGroup(1, { motClass: '4' });
    // Supplier 1 does not offer MOT.
    expect(mot4.records.slice(1).map((r) => r[col('Supplier Id')])).toEqual(['TS1000', 'TS1002']);
    const mot7 = await exportGroup(1, { motClass: '7' });
    expect(mot7.records.length).toBe(1);
  });

  it('escapes every cell that could run as a formula: parsed back, no cell starts with = + - @ tab CR or NUL', async () => {
    const { records } = await exportGroup(0);
    expect(records[0]).toEqual(HEADERS);
    for (const record of records) for (const cell of record) expect(startsWithTrigger(cell), cell).toBe(false);
    expect(records[1][col('Supplier Name')]).toBe(`'=HYPERLINK("http://evil.example","Alpha Motor Group 0")`);
    expect(records[2][col('Town')]).toBe("'+Town");
  });

  it('answers 404 for an export without a file', async () => {
    expect((await editor.post('networkExport/getNetworkExportFile', { exportId: fx.leaseId })).statusCode).toBe(404);
  });
});

describe('network import: format round trip', () => {
  it('imports an unchanged export without changing anything', async () => {
    const { records } = await exportGroup(0);
    const row = await uploadAndValidate(csvOf(records));
    expect(row).toMatchObject({ validationStatus: true, processIndicator: 'SUCCESS', isProcessing: false, rowCount: 3, error: null });
    expect((await logOf(row.id)).at(-1)).toEqual(['', '', 'All 3 rows are valid']);
    const done = await persist(row.id);
    expect(done).toMatchObject({ importStatus: true, processIndicator: 'SUCCESS', changedCount: 0, importedById: expect.any(String) });
    expect(done.importedBy).toMatchObject({ firstname: 'Test', lastname: 'EDITOR' });
    expect(await t.services.db.select().from(customerNetworkTerms).where(eq(customerNetworkTerms.leaseCompanyId, fx.leaseId))).toEqual([]);
    const audits = await t.services.db.select().from(auditLog).where(and(eq(auditLog.recordType, 'networkImport'), eq(auditLog.recordId, row.id)));
    expect(audits.map((a) => a.slug)).toEqual(['admin/validateNetworkImport', 'admin/persistNetworkImport']);
  });

  it('changes exactly the edited cell, and a second export shows it', async () => {
    const { records } = await exportGroup(1);
    records[2][col('Labour Rate')] = '72.5';
    const row = await uploadAndValidate(csvOf(records));
    expect(row.validationStatus).toBe(true);
    const done = await persist(row.id);
    expect(done.changedCount).toBe(1);
    const terms = await t.services.db.select().from(customerNetworkTerms).where(eq(customerNetworkTerms.leaseCompanyId, fx.leaseId));
    expect(terms).toHaveLength(1);
    expect(terms[0]).toMatchObject({ supplierId: fx.suppliers.find((s) => s.code === 'TS1001')!.id, labourRate: 7250, inNetwork: true, preferred: false, partsDiscountBp: null, motRate: null, notes: null, importId: row.id, version: 1 });
    const again = await exportGroup(1);
    expect(again.records[2][col('Labour Rate')]).toBe('72.50');
    const expected = records.map((r) => [...r]);
    expected[2][col('Labour Rate')] = '72.50';
    expect(again.records).toEqual(expected);
    // Imported again unchanged: nothing changes, the version stays.
    const second = await persist((await uploadAndValidate(csvOf(again.records))).id);
    expect(second.changedCount).toBe(0);
    expect((await t.services.db.select().from(customerNetworkTerms).where(eq(customerNetworkTerms.leaseCompanyId, fx.leaseId)))[0].version).toBe(1);
  });

  it('keeps text that starts with a trigger or an apostrophe exactly through export and import', async () => {
    const { records } = await exportGroup(1);
    records[1][col('Notes')] = "'=SUM(A1)";
    records[3][col('Notes')] = "'''-plain";
    const done = await persist((await uploadAndValidate(csvOf(records))).id);
    expect(done.changedCount).toBe(2);
    const notes = (await t.services.db.select().from(customerNetworkTerms).where(eq(customerNetworkTerms.leaseCompanyId, fx.leaseId))).map((r) => r.notes).sort();
    expect(notes.filter(Boolean).sort()).toEqual(["''-plain", '=SUM(A1)']);
    const again = await exportGroup(1);
    expect(again.records[1][col('Notes')]).toBe("'=SUM(A1)");
    expect(again.records[3][col('Notes')]).toBe("'''-plain");
  });
});

describe('network import: validation', () => {
  it('logs every bad row (row, column, message): unknown supplier, wrong group, group not linked, bad number, bad yes/no, duplicate', async () => {
    const { records } = await exportGroup(0);
    const header = records[0];
    const base = records[1];
    const row = (edit: Record<string, string>) => header.map((h, i) => edit[h] ?? base[i]);
    const file = [
      header,
      row({}),
      row({ 'Supplier Id': 'NOPE1' }),
      row({ 'Supplier Id': 'TS1000' }),
      row({ 'Supplier Id': 'TS2000', 'Group Id': 'TG2' }),
      row({ 'Supplier Id': 'TS0001', 'Labour Rate': '12.345' }),
      row({ 'Supplier Id': 'TS0002', 'In Network': 'maybe', 'Parts Discount %': '120' }),
      row({}),
    ];
    const done = await uploadAndValidate(csvOf(file));
    expect(done).toMatchObject({ validationStatus: false, processIndicator: 'FAILED', isProcessing: false, error: null, rowCount: 7 });
    const log = await logOf(done.id);
    expect(log[0]).toEqual(['Row', 'Column', 'Message']);
    expect(log.slice(1, -1)).toEqual([
      ['3', 'Supplier Id', 'Unknown supplier NOPE1'],
      ['4', 'Group Id', 'Supplier TS1000 belongs to group TG1, not TG0'],
      ['5', 'Group Id', 'Group TG2 is not linked to this customer'],
      ['6', 'Labour Rate', 'Labour Rate is not a valid amount'],
      ['7', 'In Network', 'In Network must be Yes or No'],
      ['7', 'Parts Discount %', 'Parts Discount % must be at most 100'],
      ['8', 'Supplier Id', 'Supplier TS0000 is already in row 2'],
    ]);
    expect(log.at(-1)).toEqual(['', '', '7 errors in 7 rows']);
    // Not importable.
    expect((await editor.post('admin/persistNetworkImport', { importId: done.id, leaseId: fx.leaseId })).statusCode).toBe(409);
  });

  it("logs a file that stops being CSV (an unclosed quote) after the problems of the rows before it", async () => {
    const { records } = await exportGroup(0);
    const header = records[0];
    const base = records[1];
    const row = (edit: Record<string, string>) => header.map((h, i) => edit[h] ?? base[i]);
    // Small enough to arrive in one chunk with the rows before it: those are still checked.
    const text = `${csvOf([header, row({}), row({ 'Supplier Id': 'NOPE1' })])}TS0001,"unclosed name,TG0\n`;
    const done = await uploadAndValidate(text);
    expect(done).toMatchObject({ validationStatus: false, rowCount: 2 });
    const log = await logOf(done.id);
    expect(log.slice(1, -1)).toEqual([
      ['3', 'Supplier Id', 'Unknown supplier NOPE1'],
      ['4', 'Supplier Name', CSV_READ_MESSAGES.notCsv(CSV_PROBLEMS.quoteNotClosed)],
    ]);
  });

  it('logs a header without the format’s columns as a failed validation', async () => {
    const csv = csvOf([HEADERS.filter((h) => h !== 'Preferred'), ['TS0000']]);
    // Refused at upload: without every editable column it is not this format's CSV.
    const res = await uploadNetworkFile(t, editor, { leaseId: fx.leaseId, csv });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.file).toBe(NETWORK_MESSAGES.fileNotCsv);
  });

  it('fails validation of a file with a header and no rows', async () => {
    const done = await uploadAndValidate(csvOf([HEADERS]));
    expect(done.validationStatus).toBe(false);
    expect((await logOf(done.id)).slice(1, 2)).toEqual([['2', '', 'The file has no supplier rows']]);
  });
});

describe('network import: upload errors', () => {
  const header = csvOf([HEADERS]);
  it("answers 'Network file is required' without a file (multipart or not)", async () => {
    for (const res of [await uploadNetworkFile(t, editor, { leaseId: fx.leaseId }), await editor.post('admin/validateNetworkImport', { leaseId: fx.leaseId })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.file).toBe(NETWORK_MESSAGES.fileRequired);
    }
  });

  it("refuses what is not a CSV of the format by its content: 'Invalid File type, only CSV files are allowed'", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const cases: (string | Buffer)[] = [
      png,
      Buffer.concat([Buffer.from(header), Buffer.from([0xff, 0xfe, 0x41])]),
      `${header}TS0000,\0,TG0\r\n`,
      'name,email\r\nx,y\r\n',
      '%PDF-1.4 binary',
    ];
    for (const content of cases) {
      const res = await uploadNetworkFile(t, editor, { leaseId: fx.leaseId, files: [{ name: 'network.csv', content }] });
      expect(res.statusCode, String(content)).toBe(400);
      expect(res.json().error.fields.file).toBe(NETWORK_MESSAGES.fileNotCsv);
    }
  });

  it("refuses more than 25 MB with 413 'File is too large! Maximum allowed size is 25MB.'", async () => {
    const big = Buffer.alloc(NETWORK_IMPORT_MAX_BYTES + 1, 'a');
    big.write(header);
    const res = await uploadNetworkFile(t, editor, { leaseId: fx.leaseId, files: [{ name: 'network.csv', content: big }] });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.fields.file).toBe(NETWORK_MESSAGES.fileTooLarge);
    // 25 MB read and stored before the limit is passed: on PGlite beside the other tests, as long
    // as file validation's twin test, which has the same minute.
  }, 60_000);

  it('takes one file only', async () => {
    const res = await uploadNetworkFile(t, editor, { leaseId: fx.leaseId, files: [{ name: 'a.csv', content: header }, { name: 'b.csv', content: header }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.file).toBe(ONE_FILE_MESSAGE);
  });

  it('refuses an upload while another upload or import of the customer is processing (409), and 404 for an unknown customer', async () => {
    const archive = await putFile(t.services.files, t.services.db, { name: 'busy.csv', contentType: 'text/csv', data: Buffer.from(header) });
    const [busy] = await t.services.db
      .insert(networkImports)
      .values({ leaseCompanyId: fx.otherLeaseId, fileName: 'busy.csv', archiveFileId: archive.id, uploadedBy: { firstname: 'A', lastname: 'B' }, isProcessing: true })
      .returning();
    const res = await uploadNetworkFile(t, editor, { leaseId: fx.otherLeaseId, csv: header });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(NETWORK_SERVER_MESSAGES.busy);
    await t.services.db.update(networkImports).set({ isProcessing: false }).where(eq(networkImports.id, busy.id));
    expect((await uploadNetworkFile(t, editor, { leaseId: fx.groups[0].id, csv: header })).statusCode).toBe(404);
  });
});

describe('network import: live status', () => {
  it('notifies the customer’s import list and the import itself at every step: upload, validated, importing, imported', async () => {
    const seen: { topic: string; payload: { op?: string; id?: string } }[] = [];
    const unlisten = await t.services.database.listen(LIVE_CHANNEL, (raw) => seen.push(JSON.parse(raw)));
    try {
      const row = await uploadAndValidate(csvOf((await exportGroup(0)).records));
      await persist(row.id);
      const ops = (topic: string) => seen.filter((m) => m.topic === topic && m.payload.id === row.id).map((m) => m.payload.op);
      await expect.poll(() => ops(topics.networkImports(fx.leaseId))).toEqual(['insert', 'validated', 'importing', 'imported']);
      expect(ops(topics.networkImport(row.id))).toEqual(['insert', 'validated', 'importing', 'imported']);
      expect(seen.some((m) => m.topic === topics.networkExports(fx.leaseId))).toBe(true);
    } finally {
      await unlisten();
    }
  });
});

describe('network import: list, downloads, persist rules', () => {
  it('lists imports newest first with who uploaded (the session admin, not the form field)', async () => {
    const res = await editor.post('admin/getNetworkImports', { leaseId: fx.leaseId, isDiNetworkImport: false });
    const list = res.json().networkImports;
    expect(list.length).toBeGreaterThan(2);
    expect(list.map((r: { timestamp: string }) => r.timestamp)).toEqual([...list.map((r: { timestamp: string }) => r.timestamp)].sort().reverse());
    expect(list[0]).toMatchObject({ user: { firstname: 'Test', lastname: 'EDITOR' }, hasLogFile: true, isProcessing: false });
  });

  it('downloads the uploaded file byte for byte and 404s what does not exist', async () => {
    const csv = csvOf((await exportGroup(0)).records);
    const row = await uploadAndValidate(csv);
    const file = await editor.post('admin/getNetworkImportFile', { importId: row.id, leaseId: fx.leaseId, isDiNetworkImport: false });
    expect(file.json()).toEqual({ fileData: { data: Buffer.from(csv).toString('base64') }, contentType: 'text/csv', fileName: 'network.csv' });
    expect((await editor.post('admin/getNetworkImportFile', { importId: row.id, leaseId: fx.otherLeaseId })).statusCode).toBe(404);
    expect((await editor.post('admin/getNetworkImportLogFile', { importId: fx.leaseId, leaseId: fx.leaseId })).statusCode).toBe(404);
    expect((await editor.post('admin/getNetworkImportFile', { importId: 'nope', leaseId: fx.leaseId })).statusCode).toBe(404);
  });

  it('imports once: a second persist of the same file is 409', async () => {
    const row = await uploadAndValidate(csvOf((await exportGroup(0)).records));
    await persist(row.id);
    const again = await editor.post('admin/persistNetworkImport', { importId: row.id, leaseId: fx.leaseId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(NETWORK_SERVER_MESSAGES.notImportable);
  });

  it('applies nothing and records the reason when the network changed since validation', async () => {
    const { records } = await exportGroup(1);
    records[1][col('Preferred')] = 'Yes';
    const row = await uploadAndValidate(csvOf(records));
    await t.services.db.update(leaseGroupLinks).set({ status: 'TERMINATED' }).where(and(eq(leaseGroupLinks.leaseCompanyId, fx.leaseId), eq(leaseGroupLinks.groupId, fx.groups[1].id)));
    try {
      const done = await persist(row.id);
      expect(done).toMatchObject({ importStatus: false, processIndicator: 'FAILED', error: expect.stringContaining('Group TG1 is not linked to this customer') });
      const preferred = await t.services.db.select().from(customerNetworkTerms).where(eq(customerNetworkTerms.preferred, true));
      expect(preferred).toEqual([]);
    } finally {
      await t.services.db.update(leaseGroupLinks).set({ status: 'ACTIVE' }).where(and(eq(leaseGroupLinks.leaseCompanyId, fx.leaseId), eq(leaseGroupLinks.groupId, fx.groups[1].id)));
    }
  });
});

describe('DI network', () => {
  it('exports the DI network and imports an edited file into the DI network terms', async () => {
    const res = await editor.post('networkExport/triggerDiNetworkExport', { emailExportFile: false });
    expect(res.json().success).toBe(true);
    const exportId = res.json().exportId;
    await expect.poll(async () => (await t.services.db.select().from(networkExports).where(eq(networkExports.id, exportId)))[0].processIndicator, { timeout: 20_000 }).toBe('SUCCESS');
    const records = recordsOf((await editor.post('networkExport/getNetworkExportFile', { exportId })).json());
    const di = DI_NETWORK_FORMAT.columns.map((c) => c.header);
    expect(records[0]).toEqual(di);
    // Live suppliers of the DI group (group 0) only, none with terms yet: their terms cells are empty.
    expect(records.slice(1).map((r) => r[0])).toEqual(['TS0000', 'TS0001']);
    const unchanged = await uploadAndValidate(csvOf(records), { isDi: true });
    expect(unchanged.validationStatus).toBe(true);
    records[1][di.indexOf('Nominated Dealer Manager')] = 'Sam Dealer';
    records[1][di.indexOf('FNP Band')] = 'BAND_1_LA1';
    records[1][di.indexOf('Rebate %')] = '12';
    const bad = await uploadAndValidate(csvOf(records), { isDi: true });
    expect((await logOf(bad.id, true)).slice(1, -1)).toEqual([['2', 'Rebate %', 'Rebate Percentage must be less than 10']]);
    records[1][di.indexOf('Rebate %')] = '2.5';
    records[2][di.indexOf('FNP Band')] = 'NONE';
    const partial = await uploadAndValidate(csvOf(records), { isDi: true });
    expect((await logOf(partial.id, true)).slice(1, -1)).toEqual([['3', 'Nominated Dealer Manager', 'Nominated Dealer Manager is required.']]);
    records[2][di.indexOf('FNP Band')] = '';
    const good = await uploadAndValidate(csvOf(records), { isDi: true });
    const done = await persist(good.id, { isDi: true });
    expect(done).toMatchObject({ importStatus: true, changedCount: 1 });
    const [terms] = await t.services.db.select().from(supplierNetworkTerms).where(eq(supplierNetworkTerms.supplierId, fx.suppliers[0].id));
    expect(terms).toMatchObject({ nominatedDealerName: 'Sam Dealer', fnpBand: 'BAND_1_LA1', fnpEnabled: true, rebateBp: 250 });
    const list = (await editor.post('admin/getNetworkImports', { isDiNetworkImport: true })).json().networkImports;
    expect(list.map((r: { id: string }) => r.id)).toContain(good.id);
  });

  it('refuses a DI export of a group outside the DI network', async () => {
    const res = await editor.post('networkExport/triggerDiNetworkExport', { accountId: fx.groups[1].id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.accountId).toBe(NETWORK_SERVER_MESSAGES.notDiGroup);
  });
});
