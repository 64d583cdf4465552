import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for QuickBooks Online's Accounting API and Intuit's OAuth 2.0 token endpoint,
 * answering as their documentation shows: Vendor reads and queries, CustomerType, TaxCode and Bill
 * queries, Bill creation under /v3/company/{realmId}, fault bodies for unknown objects (code 610) and expired
 * tokens (401, code 3200), and refresh-token grants that rotate the refresh token.
 */
export interface FakeVendor {
  Id: string;
  DisplayName: string;
  CompanyName?: string;
  PrimaryEmailAddr?: { Address: string };
  PrimaryPhone?: { FreeFormNumber: string };
  AcctNum?: string;
  PrintOnCheckName?: string;
  BillAddr?: { City?: string; Country?: string; Line1?: string; Line2?: string; Line3?: string; PostalCode?: string };
}

export interface FakeQuickBooks {
  baseUrl: string;
  tokenUrl: string;
  realmId: string;
  clientId: string;
  clientSecret: string;
  readonly refreshToken: string;
  vendors: Map<string, FakeVendor>;
  customerTypes: { Id: string; Name: string }[];
  taxCodes: { Id: string; Name: string; Active: boolean }[];
  bills: { Id: string; body: Record<string, unknown> }[];
  /** Token grants so far, and API calls answered 401. */
  grants: number;
  unauthorized: number;
  /** Makes the current access token expire (the next API call gets 401). */
  expireToken(): void;
  /** Answers every API call with this status until cleared (null). */
  failWith: number | null;
  close(): Promise<void>;
}

const time = () => new Date().toISOString();

export async function startFakeQuickBooks(): Promise<FakeQuickBooks> {
  let token = 'access-1';
  let refresh = 'refresh-1';
  let billNo = 0;
  const fake = {
    realmId: '9130350000000000',
    clientId: 'client-id',
    clientSecret: 'client-secret',
    /** The refresh token a new client should start from: the newest one granted. */
    get refreshToken() {
      return refresh;
    },
    vendors: new Map<string, FakeVendor>(),
    customerTypes: [] as { Id: string; Name: string }[],
    taxCodes: [] as { Id: string; Name: string; Active: boolean }[],
    bills: [] as { Id: string; body: Record<string, unknown> }[],
    grants: 0,
    unauthorized: 0,
    failWith: null as number | null,
    expireToken: () => {
      token = `expired-${token}`;
    },
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => resolve(text));
    });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/oauth2/v1/tokens/bearer') {
      const form = new URLSearchParams(await readBody(req));
      const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}` || form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== refresh) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      fake.grants += 1;
      token = `access-${fake.grants + 1}`;
      refresh = `refresh-${fake.grants + 1}`;
      return json(res, 200, { token_type: 'bearer', access_token: token, refresh_token: refresh, expires_in: 3600, x_refresh_token_expires_in: 8726400 });
    }
    const match = url.pathname.match(/^\/v3\/company\/([^/]+)\/(.+)$/);
    if (!match || match[1] !== fake.realmId) return json(res, 404, { Fault: { Error: [{ Message: 'Not found', code: '404' }], type: 'SystemFault' }, time: time() });
    if (req.headers.authorization !== `Bearer ${token}`) {
      fake.unauthorized += 1;
      return json(res, 401, { fault: { error: [{ message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401', detail: 'Token expired', code: '3200' }], type: 'AUTHENTICATION' }, time: time() });
    }
    if (fake.failWith) return json(res, fake.failWith, { Fault: { Error: [{ Message: 'Service unavailable', code: '10000' }], type: 'SystemFault' }, time: time() });
    const path = match[2];
    const vendor = path.match(/^vendor\/(\d+)$/);
    if (req.method === 'GET' && vendor) {
      const v = fake.vendors.get(vendor[1]);
      if (!v) return json(res, 400, { Fault: { Error: [{ Message: 'Object Not Found', Detail: 'Object Not Found : Something you\u2019re trying to use has been made inactive.', code: '610', element: '' }], type: 'ValidationFault' }, time: time() });
      return json(res, 200, { Vendor: v, time: time() });
    }
    if (req.method === 'GET' && path === 'query') {
      const q = url.searchParams.get('query') ?? '';
      const byName = q.match(/^select \* from Vendor where DisplayName = '((?:[^'\\]|\\.)*)'/i);
      if (byName) {
        const name = byName[1].replace(/\\(.)/g, '$1');
        const found = [...fake.vendors.values()].filter((v) => v.DisplayName === name);
        return json(res, 200, { QueryResponse: found.length ? { Vendor: found, startPosition: 1, maxResults: found.length } : {}, time: time() });
      }
      const taxCode = q.match(/^select \* from TaxCode where Name = '((?:[^'\\]|\\.)*)'/i);
      if (taxCode) {
        const name = taxCode[1].replace(/\\(.)/g, '$1');
        const found = fake.taxCodes.filter((c) => c.Name === name);
        return json(res, 200, { QueryResponse: found.length ? { TaxCode: found, startPosition: 1, maxResults: found.length } : {}, time: time() });
      }
      const bill = q.match(/^select \* from Bill where DocNumber = '((?:[^'\\]|\\.)*)'/i);
      if (bill) {
        const doc = bill[1].replace(/\\(.)/g, '$1');
        const found = fake.bills.filter((b) => b.body.DocNumber === doc).map((b) => ({ Id: b.Id, ...b.body }));
        return json(res, 200, { QueryResponse: found.length ? { Bill: found.slice(0, 1), startPosition: 1, maxResults: 1 } : {}, time: time() });
      }
      if (/^select \* from CustomerType/i.test(q)) {
        return json(res, 200, { QueryResponse: fake.customerTypes.length ? { CustomerType: fake.customerTypes, startPosition: 1, maxResults: fake.customerTypes.length } : {}, time: time() });
      }
      return json(res, 400, { Fault: { Error: [{ Message: 'Error parsing query', code: '4000' }], type: 'ValidationFault' }, time: time() });
    }
    if (req.method === 'POST' && path === 'bill') {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      const Id = String(++billNo + 100);
      fake.bills.push({ Id, body });
      return json(res, 200, { Bill: { Id, ...body }, time: time() });
    }
    return json(res, 400, { Fault: { Error: [{ Message: 'Unsupported operation', code: '500' }], type: 'ValidationFault' }, time: time() });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.defineProperties(fake, {
    baseUrl: { value: base },
    tokenUrl: { value: `${base}/oauth2/v1/tokens/bearer` },
    close: { value: () => new Promise<void>((resolve) => server.close(() => resolve())) },
  }) as FakeQuickBooks;
}
