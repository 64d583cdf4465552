import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Chargebee's API v2 (Product Catalog 2.0), answering as its documentation
 * shows: HTTP Basic auth with the API key, GET /customers and /subscriptions with their list
 * filters (`id[is]`, `customer_id[is]`, `status[is]`, `status[in]`), `limit` (1–100) and opaque
 * `offset`/`next_offset` pages, newest first, and errors as `{message, type, api_error_code,
 * http_status_code}`. A failure mode answers 500, 503 or 429 (with Retry-After), or never answers.
 */
export interface FakeCbCustomer {
  id: string;
  company?: string;
  first_name?: string;
  last_name?: string;
}
export interface FakeCbSubscription {
  id: string;
  customer_id: string;
  status: string;
  subscription_items: { item_price_id: string; item_type: 'plan' | 'addon' | 'charge'; quantity?: number }[];
}

export interface FakeChargebee {
  /** http://127.0.0.1:{port}/api/v2: what CHARGEBEE_URL names. */
  baseUrl: string;
  apiKey: string;
  customers: Map<string, FakeCbCustomer>;
  /** In the order created; lists answer the newest first, as Chargebee does. */
  subscriptions: FakeCbSubscription[];
  /** Every API request: its path, query and Authorization header. */
  requests: { path: string; query: URLSearchParams; authorization: string | undefined }[];
  /** Answers the next `failTimes` requests (all while Infinity) with this status, or never ('timeout'). */
  failWith: 500 | 503 | 429 | 'timeout' | null;
  failTimes: number;
  /** The Retry-After header of a 429 (seconds); null sends none. */
  retryAfter: string | null;
  /** Back to no failure. */
  heal(): void;
  close(): Promise<void>;
}

const LISTS = {
  customers: { key: 'customer', filters: ['id[is]'] },
  subscriptions: { key: 'subscription', filters: ['customer_id[is]', 'status[is]', 'status[in]'] },
} as const;

const FAILURES = {
  500: { message: 'Sorry, something went wrong when trying to process the request.', type: 'internal_error', api_error_code: 'internal_error' },
  503: { message: 'Sorry, the site is temporarily unavailable. Please try again later.', type: 'internal_temporary_error', api_error_code: 'internal_temporary_error' },
  429: { message: 'Sorry, access has been blocked temporarily due to request count exceeding acceptable limits.', type: 'invalid_request', api_error_code: 'api_request_limit_exceeded' },
} as const;

export async function startFakeChargebee(): Promise<FakeChargebee> {
  const fake = {
    apiKey: 'test_fake0123456789abcdef',
    customers: new Map<string, FakeCbCustomer>(),
    subscriptions: [] as FakeCbSubscription[],
    requests: [] as FakeChargebee['requests'],
    failWith: null as FakeChargebee['failWith'],
    failTimes: Infinity,
    retryAfter: '1' as string | null,
    heal() {
      fake.failWith = null;
      fake.failTimes = Infinity;
      fake.retryAfter = '1';
    },
  };

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, e: { message: string; type?: string; api_error_code: string; param?: string }, headers?: Record<string, string>) =>
    json(res, status, { ...e, http_status_code: status }, headers);
  const wrongValue = (res: http.ServerResponse, param: string) => error(res, 400, { message: `${param} : invalid value`, type: 'invalid_request', api_error_code: 'param_wrong_value', param });

  const matches = (record: Record<string, unknown>, query: URLSearchParams): boolean | 'bad' => {
    for (const [name, value] of query) {
      const m = name.match(/^(\w+)\[(is|in)\]$/);
      if (!m) continue;
      const field = String(record[m[1]] ?? '');
      if (m[2] === 'is' && field !== value) return false;
      if (m[2] === 'in') {
        let list: unknown;
        try {
          list = JSON.parse(value);
        } catch {
          return 'bad';
        }
        if (!Array.isArray(list) || list.length === 0) return 'bad';
        if (!list.includes(field)) return false;
      }
    }
    return true;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/api\/v2\//, '');
    fake.requests.push({ path, query: url.searchParams, authorization: req.headers.authorization });
    const basic = `Basic ${Buffer.from(`${fake.apiKey}:`).toString('base64')}`;
    if (req.headers.authorization !== basic) {
      return error(res, 401, { message: 'Sorry, authentication failed. Invalid api key', type: 'invalid_request', api_error_code: 'api_authentication_failed' });
    }
    if (fake.failWith && fake.failTimes > 0) {
      fake.failTimes -= 1;
      if (fake.failWith === 'timeout') return; // holds the request until the client gives up
      return error(res, fake.failWith, FAILURES[fake.failWith], fake.failWith === 429 && fake.retryAfter !== null ? { 'retry-after': fake.retryAfter } : {});
    }
    const list = req.method === 'GET' && url.pathname.startsWith('/api/v2/') ? LISTS[path as keyof typeof LISTS] : undefined;
    if (!list) return error(res, 404, { message: 'Sorry, we couldn\u2019t find that resource', type: 'invalid_request', api_error_code: 'resource_not_found' });
    for (const name of url.searchParams.keys()) {
      if (name !== 'limit' && name !== 'offset' && !(list.filters as readonly string[]).includes(name)) return wrongValue(res, name);
    }
    const limit = Number(url.searchParams.get('limit') ?? '10');
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return wrongValue(res, 'limit');
    let start = 0;
    const offset = url.searchParams.get('offset');
    if (offset !== null) {
      try {
        start = Number((JSON.parse(offset) as string[])[0]);
      } catch {
        return wrongValue(res, 'offset');
      }
      if (!Number.isInteger(start) || start < 0) return wrongValue(res, 'offset');
    }
    const records = (path === 'customers' ? [...fake.customers.values()] : [...fake.subscriptions]).reverse() as unknown as Record<string, unknown>[];
    const found: Record<string, unknown>[] = [];
    for (const r of records) {
      const ok = matches(r, url.searchParams);
      if (ok === 'bad') return wrongValue(res, [...url.searchParams.keys()].find((k) => k.endsWith('[in]')) ?? 'filter');
      if (ok) found.push(r);
    }
    const page = found.slice(start, start + limit);
    const more = start + limit < found.length;
    // Chargebee's offsets are opaque JSON arrays of strings; this one holds the next index.
    return json(res, 200, { list: page.map((r) => ({ [list.key]: r })), ...(more ? { next_offset: JSON.stringify([String(start + limit), String(found.length)]) } : {}) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  return Object.defineProperties(fake, {
    baseUrl: { value: base },
    close: {
      value: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          // A request held by the 'timeout' mode would keep the server open.
          server.closeAllConnections();
        }),
    },
  }) as FakeChargebee;
}
