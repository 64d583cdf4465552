/**
 * The QuickBooks Online client of the FinanceSystem interface, over its documented REST API
 * (Accounting API v3): read a Vendor by id, query Vendor, CustomerType, TaxCode and Bill, create a Bill. Requests
 * carry an OAuth 2.0 bearer token got from the refresh token; a 401 refreshes it once and retries.
 */
import type { AccountingCategory } from '../../../domain/finance';
import type { FinanceSupplier } from '../../../domain/suppliers';
import { FinanceSystemError, type FinanceSystem, type NewBill } from './system';

export interface QuickBooksConfig {
  /** https://quickbooks.api.intuit.com (or the sandbox's). */
  baseUrl: string;
  /** https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer */
  tokenUrl: string;
  realmId: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  timeoutMs: number;
}

/** The API version the client speaks (the minorversion query parameter). */
const MINOR_VERSION = '75';

interface QboVendor {
  Id: string;
  DisplayName?: string;
  CompanyName?: string;
  PrimaryEmailAddr?: { Address?: string };
  PrimaryPhone?: { FreeFormNumber?: string };
  AcctNum?: string;
  PrintOnCheckName?: string;
  BillAddr?: { City?: string; Country?: string; Line1?: string; Line2?: string; Line3?: string; PostalCode?: string };
}
interface QboFault {
  Fault?: { Error?: { Message?: string; Detail?: string; code?: string }[]; type?: string };
  fault?: { error?: { message?: string; detail?: string; code?: string }[]; type?: string };
}

const orNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);

function toFinanceSupplier(v: QboVendor): FinanceSupplier {
  return {
    Id: v.Id,
    DisplayName: v.DisplayName ?? '',
    CompanyName: orNull(v.CompanyName),
    PrimaryEmailAddr: v.PrimaryEmailAddr ? { Address: orNull(v.PrimaryEmailAddr.Address) } : null,
    PrimaryPhone: v.PrimaryPhone ? { FreeFormNumber: orNull(v.PrimaryPhone.FreeFormNumber) } : null,
    AcctNum: orNull(v.AcctNum),
    PrintOnCheckName: orNull(v.PrintOnCheckName),
    BillAddr: v.BillAddr
      ? { City: orNull(v.BillAddr.City), Country: orNull(v.BillAddr.Country), Line1: orNull(v.BillAddr.Line1), Line2: orNull(v.BillAddr.Line2), Line3: orNull(v.BillAddr.Line3), PostalCode: orNull(v.BillAddr.PostalCode) }
      : null,
  };
}

/** A string literal of the QuickBooks query language: single quotes and backslashes escaped. */
const literal = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Fault code 610 'Object Not Found': the id names no vendor (or an inactive one). */
const isNotFound = (body: QboFault) => (body.Fault?.Error ?? []).some((e) => e.code === '610');

export function quickBooksClient(config: QuickBooksConfig, fetchImpl: typeof fetch = fetch): FinanceSystem {
  let accessToken: string | null = null;
  // Intuit rotates refresh tokens: the newest one answered is the one to use next.
  let refreshToken = config.refreshToken;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (err) {
      throw new FinanceSystemError(`The finance system could not be reached: ${(err as Error).message}`);
    }
  }

  async function refresh(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const res = await send(config.tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    });
    const body = (await res.json().catch(() => null)) as { access_token?: string; refresh_token?: string } | null;
    if (!res.ok || !body?.access_token) throw new FinanceSystemError('The finance system refused the credentials', res.status);
    accessToken = body.access_token;
    if (body.refresh_token) refreshToken = body.refresh_token;
    return accessToken;
  }

  /** One API call; null body with `notFound` when QuickBooks says the object does not exist. */
  async function api<T>(path: string, init: { method?: 'GET' | 'POST'; query?: Record<string, string>; body?: unknown } = {}, retried = false): Promise<{ body: T | null; notFound: boolean }> {
    const token = accessToken ?? (await refresh());
    const qs = new URLSearchParams({ ...init.query, minorversion: MINOR_VERSION }).toString();
    const res = await send(`${config.baseUrl}/v3/company/${encodeURIComponent(config.realmId)}/${path}?${qs}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    if (res.status === 401 && !retried) {
      accessToken = null;
      return api<T>(path, init, true);
    }
    const body = (await res.json().catch(() => null)) as (T & QboFault) | null;
    if (res.ok && body) return { body, notFound: false };
    if (body && isNotFound(body)) return { body: null, notFound: true };
    const message = body?.Fault?.Error?.[0]?.Message ?? body?.fault?.error?.[0]?.message ?? res.statusText;
    throw new FinanceSystemError(`The finance system refused the request: ${message ?? res.status}`, res.status);
  }

  async function query<E>(entity: string, statement: string): Promise<E[]> {
    const { body } = await api<{ QueryResponse?: Record<string, unknown> }>('query', { query: { query: statement } });
    return ((body?.QueryResponse?.[entity] as E[] | undefined) ?? []) as E[];
  }

  return {
    name: 'quickbooks',
    async supplier(id) {
      // Vendor ids are numeric; anything else names no vendor (and must not reach the path).
      if (!/^\d{1,20}$/.test(id)) return null;
      const { body } = await api<{ Vendor?: QboVendor }>(`vendor/${id}`);
      return body?.Vendor ? toFinanceSupplier(body.Vendor) : null;
    },
    async resolveSupplier(identity) {
      // QuickBooks keeps no company number to query by (a vendor's TaxIdentifier is masked), so
      // the vendor is found by its display name, as the product names the supplier.
      const name = identity.name.trim();
      if (!name) return null;
      const vendors = await query<QboVendor>('Vendor', `select * from Vendor where DisplayName = ${literal(name)} maxresults 2`);
      return vendors.length === 1 ? vendors[0].Id : null;
    },
    async customerCategories(): Promise<AccountingCategory[]> {
      const types = await query<{ Id: string; Name: string }>('CustomerType', 'select * from CustomerType maxresults 1000');
      return types.map((t) => ({ id: t.Id, name: t.Name })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    },
    async taxCode(name) {
      const codes = await query<{ Id: string; Active?: boolean }>('TaxCode', `select * from TaxCode where Name = ${literal(name)} maxresults 2`);
      return codes.find((c) => c.Active !== false)?.Id ?? null;
    },
    async findBill(docNumber) {
      const bills = await query<{ Id: string }>('Bill', `select * from Bill where DocNumber = ${literal(docNumber)} maxresults 1`);
      return bills[0] ? { id: bills[0].Id } : null;
    },
    async addBill(bill: NewBill) {
      const { body } = await api<{ Bill?: { Id: string } }>('bill', {
        method: 'POST',
        body: {
          VendorRef: { value: bill.vendorId },
          DocNumber: bill.docNumber,
          TxnDate: bill.txnDate,
          CurrencyRef: { value: bill.currency === 'EURO' ? 'EUR' : 'GBP' },
          PrivateNote: bill.memo,
          Line: bill.lines.map((l) => ({
            DetailType: 'AccountBasedExpenseLineDetail',
            Amount: l.amount / 100,
            Description: l.description,
            AccountBasedExpenseLineDetail: {
              ...(l.accountRef ? { AccountRef: { value: l.accountRef } } : {}),
              ...(l.taxCodeRef ? { TaxCodeRef: { value: l.taxCodeRef } } : {}),
            },
          })),
        },
      });
      if (!body?.Bill?.Id) throw new FinanceSystemError('The finance system did not answer the bill’s id');
      return { id: body.Bill.Id };
    },
  };
}
