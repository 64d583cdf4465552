/**
 * Saves through the API as the console makes them, for the search benchmark's write load, and the
 * check that whoever saved finds the change in their next search.
 *
 * - A supplier's edit: its details read as the edit form reads them (supplier/getSupplierDetails,
 *   toSupplierForm), the name changed (" Ltd" added or taken off), sent to admin/saveSupplierDetails
 *   as the dataProvider's update sends it ({ supplierDetails, accountId }).
 * - An enquiry's service type, as the support tool changes it: the enquiry found by number
 *   (admin/findEnquiries, tool updateServiceType), then admin/updateEnquiryServiceType with another
 *   type its lease company offers.
 * Each save carries a new Idempotency-Key, as the console sends one per user action, with the
 * session's cookie and CSRF token. After its answer, the record is searched with the same session
 * (scoped key and cookies, the read-after cookie too when the server sets one) and the change must
 * be there. Each record goes back and forth between its own value and the changed one, so it can be
 * saved again; `putBack` restores those left changed.
 */
import crypto from 'node:crypto';
import { CSRF_HEADER } from '../../domain/auth';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/idempotency';
import { countryOfLocale } from '../../domain/country';
import { supplierFormSchema, toSupplierForm, type SupplierDetails, type SupplierForm } from '../../domain/suppliers';
import type { EnquiryResult } from '../../domain/support/enquiryTools';
import type { Database } from '../../server/db/client';
import type { BenchSession } from './benchSession';
import { percentile } from './benchSession';
import { request } from './searchMix';

export interface SupplierEdit {
  kind: 'supplier';
  form: SupplierForm;
  /** The name it had; the edit adds or takes off " Ltd". */
  original: string;
}
export interface EnquiryEdit {
  kind: 'enquiry';
  ref: { enquiryId: string; accountId: string | null; serviceUnitId: string | null; leaseId: string };
  enquiryNumber: string;
  original: string;
  other: string;
  current: string;
}
export type Edit = SupplierEdit | EnquiryEdit;

export interface SaveJob {
  base: string;
  cookie: string;
  csrf: string;
  key: string;
  perSecond: number;
  edits: Edit[];
  user: { firstname: string; lastname: string; email: string };
}

export interface SaveReport {
  sent: number;
  saved: number;
  failed: number;
  /** The first few failures' messages. */
  errors: string[];
  /** Answers 503 (busy) to a save or a check, each sent again after Retry-After. */
  refused: number;
  checked: number;
  checkFailed: number;
  /** Checks whose search failed (refused twice, or another error status): not counted as checked. */
  checkNotRun: number;
  checkErrors: string[];
  saveP50: number;
  saveP95: number;
  /** The records as they are now (versions moved on, values maybe changed). */
  edits: Edit[];
}

/** A check whose search did not answer: nothing can be said about the change. */
class CheckNotRun extends Error {}

const toggled = (name: string) => (name.endsWith(' Ltd') ? name.slice(0, -4) : `${name} Ltd`);

/**
 * Up to `n` suppliers and `n` enquiries to edit, read through the API as the screens read them.
 * Suppliers whose stored details the form would refuse, and enquiries whose type cannot change
 * and come back (completed, invoiced, or a type their company does not offer), are passed over.
 */
export async function prepareEdits(db: Database, session: BenchSession, n: number): Promise<{ edits: Edit[]; passedOver: number }> {
  const edits: Edit[] = [];
  let passedOver = 0;
  const suppliers = await db.query<{ id: string; group_id: string }>(
    `SELECT id::text, group_id::text FROM suppliers TABLESAMPLE SYSTEM (2) WHERE unit_status = 'live' LIMIT ${n * 3}`,
  );
  if (suppliers.length < n) suppliers.push(...(await db.query<{ id: string; group_id: string }>(`SELECT id::text, group_id::text FROM suppliers WHERE unit_status = 'live' LIMIT ${n * 3}`)));
  const seen = new Set<string>();
  for (const s of suppliers) {
    if (edits.length >= n) break;
    if (seen.has(s.id)) continue;
    seen.add(s.id);
    const details = (await session.call('POST', 'supplier/getSupplierDetails', { serviceUnitId: s.id, accountObjectId: s.group_id })).data as SupplierDetails;
    const form = toSupplierForm(details);
    const country = countryOfLocale(details.locale);
    if (!supplierFormSchema(country).safeParse({ ...form, name: toggled(form.name) }).success || !supplierFormSchema(country).safeParse(form).success) {
      passedOver++;
      continue;
    }
    edits.push({ kind: 'supplier', form, original: form.name });
  }
  const suppliersFound = edits.length;
  const numbers = await db.query<{ enquiry_number: string }>(
    `SELECT enquiry_number FROM enquiries TABLESAMPLE SYSTEM (1) WHERE status NOT IN ('COMPLETED', 'PAYMENT_TAKEN', 'INVOICED') AND invoiced_at IS NULL LIMIT ${n * 10}`,
  );
  if (numbers.length < n) numbers.push(...(await db.query<{ enquiry_number: string }>(`SELECT enquiry_number FROM enquiries WHERE status NOT IN ('COMPLETED', 'PAYMENT_TAKEN', 'INVOICED') AND invoiced_at IS NULL LIMIT ${n * 10}`)));
  for (const { enquiry_number } of numbers) {
    if (edits.length - suppliersFound >= n) break;
    const found = (await session.call('POST', 'admin/findEnquiries', { enquiryNumber: enquiry_number, tool: 'updateServiceType' }).catch(() => null))?.enquiries as EnquiryResult[] | undefined;
    const e = found?.find((x) => x.collection === 'live');
    const other = e?.offeredServiceTypes.find((t) => t !== e.serviceType);
    if (!e || !other || !e.offeredServiceTypes.includes(e.serviceType) || edits.some((x) => x.kind === 'enquiry' && x.ref.enquiryId === e.enquiryId)) {
      passedOver++;
      continue;
    }
    edits.push({
      kind: 'enquiry',
      ref: { enquiryId: e.enquiryId, accountId: e.accountObjectID, serviceUnitId: e.serviceUnitObjectID, leaseId: e.leaseCompanyId },
      enquiryNumber: e.enquiryNumber,
      original: e.serviceType,
      other,
      current: e.serviceType,
    });
  }
  return { edits, passedOver };
}

/**
 * Runs in the load generator: `perSecond` saves, suppliers and enquiries in turn, each followed by
 * its check, until `stop` resolves; then waits for the saves under way.
 */
export async function runSaves(job: SaveJob, stop: Promise<void>): Promise<SaveReport> {
  let cookie = job.cookie;
  let readAfter = '';
  const report: SaveReport = { sent: 0, saved: 0, failed: 0, errors: [], refused: 0, checked: 0, checkFailed: 0, checkNotRun: 0, checkErrors: [], saveP50: NaN, saveP95: NaN, edits: job.edits };
  const times: number[] = [];
  const busy = new Set<Edit>();
  const cookies = () => [cookie, readAfter].filter(Boolean).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0];
      if (pair.startsWith('fnc_session=')) cookie = pair;
      if (pair.startsWith('fnc_read_after=')) readAfter = pair;
    }
  };
  const pause = (res: Response) => new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
  /** A save; refused as busy (server/admission.ts: nothing was done), sent again with the same key after Retry-After. */
  const post = async (slug: string, body: unknown) => {
    const idempotencyKey = crypto.randomUUID();
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${job.base}/api/v1/${slug}`, {
        method: 'POST',
        headers: { cookie: cookies(), 'content-type': 'application/json', [CSRF_HEADER]: job.csrf, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        body: JSON.stringify(body),
      });
      keep(res);
      const json = (await res.json()) as Record<string, any>;
      if (res.status === 503 && attempt < 3) {
        report.refused++;
        await pause(res);
        continue;
      }
      if (!res.ok) throw new Error(`${slug}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return json;
    }
  };
  /** The record's search with the session's key and cookies; refused as busy, sent once more (as the typesense client does). */
  const search = async (resource: string, q: string) => {
    const { collection, params } = request(resource, { filter: { q }, ...(resource === 'supplier' ? { facets: [] } : {}) });
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${job.base}/api/v1/search/collections/${collection}/documents/search?${new URLSearchParams(params)}`, {
        headers: { 'x-typesense-api-key': job.key, cookie: cookies() },
      });
      if (res.status === 503 && attempt < 2) {
        await res.arrayBuffer();
        report.refused++;
        await pause(res);
        continue;
      }
      if (!res.ok) throw new CheckNotRun(`search ${collection}: ${res.status}`);
      return ((await res.json()) as { hits?: { document: Record<string, unknown> }[] }).hits ?? [];
    }
  };
  const check = async (ok: () => Promise<boolean>, what: string) => {
    try {
      const shown = await ok();
      report.checked++;
      if (shown) return;
      report.checkFailed++;
      if (report.checkErrors.length < 5) report.checkErrors.push(`${what}: the next search did not show the change`);
    } catch (err) {
      if (err instanceof CheckNotRun) report.checkNotRun++;
      else report.checkFailed++;
      if (report.checkErrors.length < 5) report.checkErrors.push(`${what}: ${(err as Error).message}`);
    }
  };

  const saveOne = async (e: Edit) => {
    busy.add(e);
    report.sent++;
    const t0 = performance.now();
    try {
      if (e.kind === 'supplier') {
        const name = toggled(e.form.name);
        const saved = await post('admin/saveSupplierDetails', { supplierDetails: { ...e.form, name, id: e.form.id }, accountId: e.form.accountObjectId });
        times.push(performance.now() - t0);
        report.saved++;
        e.form = { ...e.form, name, version: saved.version };
        await check(async () => (await search('supplier', e.form.supplierId)).some((h) => h.document.id === e.form.id && h.document.name === name), `supplier ${e.form.supplierId}`);
      } else {
        const to = e.current === e.original ? e.other : e.original;
        await post('admin/updateEnquiryServiceType', { ...e.ref, serviceType: to, user: job.user });
        times.push(performance.now() - t0);
        report.saved++;
        e.current = to;
        await check(async () => (await search('enquiries', e.enquiryNumber)).some((h) => h.document.id === e.ref.enquiryId && h.document.serviceType === to), `enquiry ${e.enquiryNumber}`);
      }
    } catch (err) {
      report.failed++;
      if (report.errors.length < 5) report.errors.push((err as Error).message);
    } finally {
      busy.delete(e);
    }
  };

  const suppliers = job.edits.filter((e) => e.kind === 'supplier');
  const enquiries = job.edits.filter((e) => e.kind === 'enquiry');
  const turns = [suppliers, enquiries].filter((xs) => xs.length);
  const under: Promise<void>[] = [];
  let stopped = false;
  void stop.then(() => (stopped = true));
  const start = performance.now();
  for (let i = 0; !stopped && turns.length; i++) {
    const list = turns[i % turns.length];
    // Round robin within each kind, passing over one whose last save is still under way.
    const next = [...Array(list.length).keys()].map((k) => list[(Math.floor(i / turns.length) + k) % list.length]).find((e) => !busy.has(e));
    if (next) under.push(saveOne(next));
    const due = start + ((i + 1) * 1000) / job.perSecond;
    await Promise.race([stop, new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())))]);
  }
  await Promise.all(under);
  report.saveP50 = percentile(times, 50);
  report.saveP95 = percentile(times, 95);
  return report;
}

/** Restores what the saves left changed, through the same slugs. */
export async function putBack(session: BenchSession, edits: Edit[], user: SaveJob['user']): Promise<{ restored: number; failed: string[] }> {
  let restored = 0;
  const failed: string[] = [];
  for (const e of edits) {
    try {
      if (e.kind === 'supplier' && e.form.name !== e.original) {
        await session.call('POST', 'admin/saveSupplierDetails', { supplierDetails: { ...e.form, name: e.original, id: e.form.id }, accountId: e.form.accountObjectId });
        restored++;
      } else if (e.kind === 'enquiry' && e.current !== e.original) {
        await session.call('POST', 'admin/updateEnquiryServiceType', { ...e.ref, serviceType: e.original, user });
        restored++;
      }
    } catch (err) {
      failed.push((err as Error).message);
    }
  }
  return { restored, failed };
}
