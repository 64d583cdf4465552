/**
 * Process logs of the last 30 days, SAVi exports, pay bill settings, job codes, mail events, file
 * validation reports, documents, network imports and exports, API ids and the billing ledger.
 */
import crypto from 'node:crypto';
import { BulkWriter, insertAll } from './bulk';
import { Rng, fakerFor, idFor, KIND, DAY, isoDate } from './random';
import { JOB_CODES } from './reference';
import type { SeedContext } from './context';
import type { Database } from '../client';
import { files } from '../schema';
import { API_ENDPOINTS } from '../../../domain/customers';
import { FILE_VALIDATION_TYPES } from '../../../domain/fileValidation';
import { logSummary } from '../../../domain/network/format';
import { ITEM_PRICES } from '../../../domain/finance';
import { seedProcessLogs } from './processLogs';

async function putFile(database: Database, seed: number, index: number, name: string, contentType: string, body: string | Buffer, at: number): Promise<string> {
  const content = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const id = idFor(seed, KIND.file, index);
  await database.db.insert(files).values({ id, name, contentType, size: content.length, sha256: crypto.createHash('sha256').update(content).digest('hex'), content, createdAt: new Date(at) });
  return id;
}

/** A one-page PDF with a line of text, so document previews open. */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 14 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function seedOperations(ctx: SeedContext): Promise<void> {
  const { database, seed, today } = ctx;
  const rng = new Rng(seed, 7);
  const faker = fakerFor(seed, 7);
  let fileNo = 0;

  ctx.counts.process_logs = await seedProcessLogs(ctx);

  // SAVi weekly statements: the last 30 Mondays; one failed run without a file.
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  const savi: unknown[][] = [];
  for (let k = 0; k < 30; k++) {
    const start = monday - (k + 1) * 7 * DAY;
    const end = start + 6 * DAY;
    const ok = k !== 4;
    const name = `SAVi_statement_${isoDate(start)}_${isoDate(end)}.csv`;
    const fileId = ok ? await putFile(database, seed, fileNo++, name, 'text/csv', `Customer,Supplier,Invoices,Net\n${ctx.leases.slice(0, 3).map((l) => `${l.name},All,${rng.int(10, 300)},${rng.int(1000, 90000)}.00`).join('\n')}\n`, end + DAY) : null;
    savi.push([idFor(seed, KIND.saviExport, k), ok, isoDate(start), isoDate(end), new Date(end + DAY + 6 * 3_600_000), name, fileId, ok ? null : 'Statement generation timed out']);
  }
  ctx.counts.savi_exports = await insertAll(database, 'savi_exports', [['id', 'uuid'], ['is_success', 'bool'], ['start_date', 'date'], ['end_date', 'date'], ['generated_at', 'timestamptz'], ['file_name', 'text'], ['file_id', 'uuid'], ['error', 'text']], savi);

  ctx.counts.paybill_settings = await insertAll(database, 'paybill_settings', [['id', 'text'], ['address_number', 'text'], ['address1', 'text'], ['address2', 'text'], ['address3', 'text'], ['county', 'text'], ['post_code', 'text'], ['company_name', 'text'], ['footer_blurb', 'text']], [
    ['default', 'Unit 4', 'Riverside Business Park', 'Hartwell', 'Leeds', 'West Yorkshire', 'LS11 5QS', 'FNC Ltd', 'Fleet Network Console Ltd, registered in England and Wales no. 01234567. VAT no. GB980780684. Payment terms 30 days.'],
  ]);
  ctx.counts.job_code_mappings = await insertAll(database, 'job_code_mappings', [['job_code', 'text'], ['external_code', 'text'], ['description', 'text']], JOB_CODES.map((j, k) => [j.jobCode, `X${String(4100 + k * 7)}`, j.description]));

  // Mail events for a sample of user addresses.
  const users = await database.query<{ email: string; id: string }>(`SELECT email, id::text FROM users ORDER BY seq LIMIT 300`);
  const me = new BulkWriter(database, 'mail_events', [['event_id', 'text'], ['event', 'text'], ['at', 'timestamptz'], ['delivery_status_code', 'int'], ['delivery_status_message', 'text'], ['delivery_status_description', 'text'], ['subject', 'text'], ['template_name', 'text'], ['recipient', 'text'], ['message_id', 'text'], ['document_path', 'text']] as const);
  for (const [k, u] of users.entries()) {
    const sent = today - rng.int(1, 60) * DAY + rng.int(0, 80_000) * 1000;
    const failed = k % 17 === 3;
    const template = rng.pick(['user-invite', 'verify-email', 'password-reset']);
    const subject = template === 'user-invite' ? 'You have been invited to the fleet network' : template === 'verify-email' ? 'Verify your e-mail address' : 'Reset your password';
    const msgId = `${rng.chars('abcdef0123456789', 16)}@mail.fleet-network.example`;
    const path = `emailQueue/${rng.chars('abcdefghijklmnopqrstuvwxyz0123456789', 20)}`;
    await me.add([rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 22), 'accepted', new Date(sent), null, null, null, subject, template, u.email, msgId, path]);
    await me.add([rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 22), failed ? 'failed' : 'delivered', new Date(sent + 4000), failed ? 550 : 250, failed ? '5.1.1 The email account that you tried to reach does not exist' : 'OK', failed ? 'Not delivering to previously bounced address' : '', subject, template, u.email, msgId, path]);
    if (!failed && rng.bool(0.5)) await me.add([rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 22), 'opened', new Date(sent + rng.int(60, 90_000) * 1000), null, null, null, subject, template, u.email, msgId, path]);
  }
  ctx.counts.mail_events = await me.close();

  // File validation reports: the latest 25 and a few older, all finished (a report left processing
  // would block uploads: no job stands behind a seeded one).
  const fv: unknown[][] = [];
  for (let k = 0; k < 32; k++) {
    const type = FILE_VALIDATION_TYPES[k % FILE_VALIDATION_TYPES.length];
    const at = today - (k * 2 + 1) * DAY - rng.int(0, 80_000) * 1000;
    const name = `${type.id.toLowerCase()}_${isoDate(at).replace(/-/g, '')}.csv`;
    const header = type.columns.map((c) => c.header).join(',');
    const fileId = await putFile(database, seed, fileNo++, name, 'text/csv', `${header}\n`, at);
    const state = k % 9 === 4 ? 'FAILED' : 'SUCCESS';
    const valid = state === 'SUCCESS' ? k % 5 !== 2 : null;
    const rows = state === 'SUCCESS' ? rng.int(20, 4000) : null;
    const problems = valid === false ? rng.int(1, 40) : valid ? 0 : null;
    const column = type.columns[0].header;
    const log = `Row,Column,Message\n${valid ? '' : `2,${column},${column} is required\n`},,${logSummary(rows ?? 0, problems ?? 0, 'problem')}\n`;
    const logId = state === 'SUCCESS' ? await putFile(database, seed, fileNo++, name.replace('.csv', '-log.csv'), 'text/csv', log, at) : null;
    const by = { firstname: faker.person.firstName(), lastname: faker.person.lastName() };
    fv.push([idFor(seed, KIND.validation, k), type.id, name, fileId, logId, by, new Date(at), false, state, valid, state === 'FAILED' ? (k % 2 ? 'The file is larger than 25 MB (file too large)' : 'The validation failed repeatedly. Please upload the file again.') : null, rows, problems]);
  }
  ctx.counts.file_validation_reports = await insertAll(database, 'file_validation_reports', [['id', 'uuid'], ['validation_type', 'text'], ['file_name', 'text'], ['file_id', 'uuid'], ['log_file_id', 'uuid'], ['uploaded_by', 'jsonb'], ['uploaded_at', 'timestamptz'], ['is_processing', 'bool'], ['process_indicator', 'text'], ['validation_status', 'bool'], ['error', 'text'], ['row_count', 'int'], ['error_count', 'int']], fv);

  // Documents on a few customers, groups and suppliers.
  const docs: unknown[][] = [];
  const docOwners: [string, string | null, string | null, string | null][] = [
    ...ctx.leases.slice(0, 12).map((l) => ['CUSTOMER', l.id, null, null] as [string, string, null, null]),
    ...ctx.groups.slice(0, 8).map((g) => ['GROUP', null, g.id, null] as [string, null, string, null]),
    ...ctx.suppliers.slice(0, 8).map((s) => ['SUPPLIER', null, ctx.groups[s.groupIdx].id, s.id] as [string, null, string, string]),
  ];
  for (const [k, [type, lease, group, supplier]] of docOwners.entries()) {
    const label = rng.pick(['Signed agreement', 'Insurance certificate', 'Rate card', 'Bank details form', 'Health and safety policy']);
    const filename = `${label.toLowerCase().replace(/ /g, '_')}.pdf`;
    const at = today - rng.int(1, 400) * DAY;
    const fileId = await putFile(database, seed, fileNo++, filename, 'application/pdf', tinyPdf(label), at);
    docs.push([idFor(seed, KIND.document, k), `doc-${k}`, type, lease, supplier ? null : group, supplier, fileId, 'application/pdf', filename, `${idFor(seed, KIND.document, k)}.pdf`, label, { firstname: 'Erin', lastname: 'Editor' }, new Date(at)]);
  }
  ctx.counts.documents = await insertAll(database, 'documents', [['id', 'uuid'], ['uid', 'text'], ['upload_type', 'text'], ['lease_company_id', 'uuid'], ['group_id', 'uuid'], ['supplier_id', 'uuid'], ['file_id', 'uuid'], ['content_type', 'text'], ['filename', 'text'], ['saved_filename', 'text'], ['label', 'text'], ['uploaded_by', 'jsonb'], ['uploaded_at', 'timestamptz']], docs);

  // Network imports (customer and DI network) and exports.
  const imports: unknown[][] = [];
  const importOwners = [...ctx.leases.slice(0, 6).map((l) => l.id), null, null];
  for (const [k, lease] of importOwners.entries()) {
    for (let r = 0; r < 3; r++) {
      const at = today - (r * 20 + k + 1) * DAY;
      const name = `network_${lease ? 'customer' : 'di'}_${isoDate(at).replace(/-/g, '')}.csv`;
      const archive = await putFile(database, seed, fileNo++, name, 'text/csv', 'groupId,supplierId,enabled\nG10001,S100001,Y\n', at);
      const valid = (k + r) % 4 !== 3;
      const log = await putFile(database, seed, fileNo++, name.replace('.csv', '_log.txt'), 'text/plain', valid ? 'Validation passed\n' : 'Row 2: unknown supplier id\n', at);
      imports.push([idFor(seed, KIND.networkImport, k * 3 + r), lease, lease === null, name, archive, log, { firstname: 'Erin', lastname: 'Editor', email: 'editor@fleet-network.example' }, new Date(at), valid, r === 0 ? null : valid, false, valid ? 'SUCCESS' : 'FAILED']);
    }
  }
  ctx.counts.network_imports = await insertAll(database, 'network_imports', [['id', 'uuid'], ['lease_company_id', 'uuid'], ['is_di_network_import', 'bool'], ['file_name', 'text'], ['archive_file_id', 'uuid'], ['log_file_id', 'uuid'], ['uploaded_by', 'jsonb'], ['uploaded_at', 'timestamptz'], ['validation_status', 'bool'], ['import_status', 'bool'], ['is_processing', 'bool'], ['process_indicator', 'text']], imports);
  const exportsRows = ctx.leases.slice(0, 5).map((l, k) => [idFor(seed, KIND.networkExport, k), k === 4 ? 'DI_NETWORK_EXPORT' : 'CUSTOMER_NETWORK_EXPORT', k === 4 ? null : l.id, ctx.groups[k].id, true, true, 'All', null, 'SUCCESS', { firstname: 'Erin', lastname: 'Editor' }, new Date(today - (k + 2) * DAY), new Date(today - (k + 2) * DAY + 60_000)]);
  ctx.counts.network_exports = await insertAll(database, 'network_exports', [['id', 'uuid'], ['export_type', 'text'], ['lease_company_id', 'uuid'], ['group_id', 'uuid'], ['is_enabled', 'bool'], ['email_export_file', 'bool'], ['supplier_type', 'text'], ['mot_class', 'text'], ['process_indicator', 'text'], ['requested_by', 'jsonb'], ['requested_at', 'timestamptz'], ['completed_at', 'timestamptz']], exportsRows);

  // API ids: a third of active customers and a few groups. The secret itself is not kept.
  const api: unknown[][] = [];
  let apiNo = 0;
  const secretHash = (k: number) => crypto.createHash('sha256').update(`demo-secret-${seed}-${k}`).digest('hex');
  for (const l of ctx.leases) {
    if (l.status !== 'ACTIVE' || !rng.bool(0.33)) continue;
    api.push([idFor(seed, KIND.apiConfig, apiNo), `lease_${l.diCustomerId.toLowerCase()}`, secretHash(apiNo++), 'LEASE', l.id, null, API_ENDPOINTS.LEASE.map((path) => ({ path, isEnabled: rng.bool(0.7) }))]);
  }
  for (const g of ctx.groups.slice(0, Math.min(20, ctx.groups.length))) {
    if (!rng.bool(0.4)) continue;
    api.push([idFor(seed, KIND.apiConfig, apiNo), `garage_${g.groupId.toLowerCase()}`, secretHash(apiNo++), 'GARAGE', null, g.id, API_ENDPOINTS.GARAGE.map((path) => ({ path, isEnabled: rng.bool(0.7) }))]);
  }
  ctx.counts.api_configs = await insertAll(database, 'api_configs', [['id', 'uuid'], ['api_id', 'text'], ['secret_hash', 'text'], ['view_type', 'text'], ['lease_company_id', 'uuid'], ['group_id', 'uuid'], ['allowed_endpoints', 'jsonb']], api);

  // Billing ledger: a billing customer per lease company and per supplier, with subscriptions.
  const bc = new BulkWriter(database, 'billing_customers', [['id', 'text'], ['company', 'text'], ['email', 'text'], ['currency', 'text'], ['lease_company_id', 'uuid'], ['group_id', 'uuid'], ['supplier_id', 'uuid']] as const);
  const bs = new BulkWriter(database, 'billing_subscriptions', [['id', 'text'], ['billing_customer_id', 'text'], ['status', 'text'], ['item_price_id', 'text'], ['in_product', 'bool'], ['in_provider', 'bool'], ['started_at', 'timestamptz'], ['current_term_end', 'timestamptz'], ['cancelled_at', 'timestamptz']] as const).after(bc);
  const bi = new BulkWriter(database, 'billing_subscription_items', [['id', 'uuid'], ['subscription_id', 'text'], ['item_price_id', 'text'], ['quantity', 'int'], ['unit_price', 'int']] as const).after(bs);
  let subNo = 0;
  const price = (id: string) => ITEM_PRICES.find((p) => p.id === id)?.amount ?? 0;
  const subscribe = async (customerId: string, cancelled: boolean, plans: string[], qty: number) => {
    for (const plan of plans) {
      const sid = `sub_${String(++subNo).padStart(7, '0')}`;
      const started = today - rng.int(30, 1000) * DAY;
      const status = cancelled ? 'cancelled' : rng.bool(0.92) ? 'active' : rng.pick(['non_renewing', 'paused', 'in_trial'] as const);
      // A few records missing on one side, so the comparison drawer shows crosses.
      const side = subNo % 23 === 5 ? 'provider-only' : subNo % 29 === 7 ? 'product-only' : 'both';
      await bs.add([sid, customerId, status, plan, side !== 'provider-only', side !== 'product-only', new Date(started), cancelled ? null : new Date(today + rng.int(1, 30) * DAY), cancelled ? new Date(today - rng.int(1, 100) * DAY) : null]);
      await bi.add([idFor(seed, 30, subNo), sid, plan, plan.startsWith('per-vehicle') ? qty : 1, price(plan)]);
    }
  };
  for (const l of ctx.leases) {
    const id = `cb_${l.diCustomerId.toLowerCase()}`;
    await bc.add([id, l.name, `accounts@${l.domain}`, l.currency, l.id, null, null]);
    const eur = l.currency === 'EURO';
    await subscribe(id, l.status === 'TERMINATED', [eur ? 'platform-licence-EUR-monthly' : 'platform-licence-GBP-monthly', eur ? 'per-vehicle-EUR-monthly' : 'per-vehicle-GBP-monthly', ...(eur ? [] : ['reporting-licence-GBP-monthly'])], Math.max(1, l.vehicleEnd - l.vehicleStart));
  }
  for (const [k, s] of ctx.suppliers.entries()) {
    const id = `cb_s${100001 + k}`;
    const g = ctx.groups[s.groupIdx];
    await bc.add([id, s.name, `accounts@${g.domain}`, s.locale === 'en_IE' ? 'EURO' : 'GBP', null, g.id, s.id]);
    await subscribe(id, !s.live, [s.locale === 'en_IE' ? 'garage-listing-EUR-monthly' : 'garage-listing-GBP-monthly'], 1);
  }
  ctx.counts.billing_customers = await bc.close();
  ctx.counts.billing_subscriptions = await bs.close();
  ctx.counts.billing_subscription_items = await bi.close();
  ctx.counts.files = fileNo;
}
