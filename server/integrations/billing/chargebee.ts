/**
 * The Chargebee client of the BillingSystem interface, over its documented REST API v2 (Product
 * Catalog 2.0): list customers and subscriptions with their filters (`id[is]`, `customer_id[is]`,
 * `status[in]`), page by page through `offset`/`next_offset`. HTTP Basic auth with the API key as
 * the user name and no password. Errors come as JSON `{message, type, api_error_code,
 * http_status_code}`; a 429 is retried after its Retry-After when that is short.
 */
import type { Subscription } from '../../../domain/subscriptions';
import { BillingSystemError, type BillingCustomer, type BillingSystem, type SubscriptionFilter } from './system';

export interface ChargebeeConfig {
  /** https://{site}.chargebee.com/api/v2, or CHARGEBEE_URL. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

export interface ChargebeeOptions {
  fetch?: typeof fetch;
  /** Entries per page: Chargebee's largest `limit` unless a test wants more pages. */
  pageSize?: number;
}

interface CbError {
  message?: string;
  type?: string;
  api_error_code?: string;
  http_status_code?: number;
}
interface CbCustomer {
  id: string;
  company?: string;
  first_name?: string;
  last_name?: string;
}
interface CbSubscription {
  id: string;
  customer_id: string;
  status: string;
  subscription_items?: { item_price_id: string; item_type?: 'plan' | 'addon' | 'charge' }[];
}
interface CbList<K extends string, T> {
  list?: Record<K, T>[];
  next_offset?: string;
}

const MAX_PAGE_SIZE = 100;
/** A runaway next_offset (or a customer with more than 10 000 subscriptions) is an error, not a loop. */
const MAX_PAGES = 100;
/** 429s retried per call, and the longest Retry-After worth waiting for inside a console request. */
const MAX_RETRIES = 2;
const MAX_RETRY_WAIT_MS = 5000;

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Retry-After in seconds or as an HTTP date; a missing one waits a second. */
function retryAfterMs(header: string | null): number {
  if (!header) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : Infinity;
}

function toSubscription(s: CbSubscription): Subscription {
  const items = s.subscription_items ?? [];
  // The plan item is the subscription's main item price, as the ledger keeps it.
  const plan = items.find((i) => i.item_type === 'plan') ?? items[0];
  return {
    id: s.id,
    status: s.status,
    itemPriceId: plan?.item_price_id ?? '',
    subscription_items: items.map((i) => i.item_price_id).sort(byCode).map((item_price_id) => ({ item_price_id })),
  };
}

function toCustomer(c: CbCustomer): BillingCustomer {
  const person = [c.first_name, c.last_name].filter(Boolean).join(' ');
  return { id: c.id, company: c.company || person || c.id };
}

export function chargebeeClient(config: ChargebeeConfig, opts: ChargebeeOptions = {}): BillingSystem {
  const fetchImpl = opts.fetch ?? fetch;
  const pageSize = Math.min(opts.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const authorization = `Basic ${Buffer.from(`${config.apiKey}:`).toString('base64')}`;

  async function send(url: string): Promise<Response> {
    try {
      return await fetchImpl(url, { headers: { authorization, accept: 'application/json' }, signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new BillingSystemError(`The billing provider could not be reached: ${timedOut ? `no answer within ${config.timeoutMs} ms` : (err as Error).message}`);
    }
  }

  /** One GET; the provider's error as a BillingSystemError with its status and api_error_code. */
  async function get<T>(path: string, query: URLSearchParams): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await send(`${config.baseUrl}/${path}?${query}`);
      const body = (await res.json().catch(() => null)) as (T & CbError) | null;
      if (res.ok && body) return body;
      if (res.status === 429 && attempt < MAX_RETRIES) {
        const wait = retryAfterMs(res.headers.get('retry-after'));
        if (wait <= MAX_RETRY_WAIT_MS) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
      }
      if (res.ok) throw new BillingSystemError('The billing provider answered something we cannot read', res.status);
      throw new BillingSystemError(`The billing provider refused the request: ${body?.message ?? (res.statusText || res.status)}`, res.status, body?.api_error_code);
    }
  }

  /** Every entry of a list, following next_offset. */
  async function list<K extends string, T>(path: string, key: K, filters: Record<string, string>): Promise<T[]> {
    const all: T[] = [];
    let offset: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ ...filters, limit: String(pageSize), ...(offset ? { offset } : {}) });
      const body = await get<CbList<K, T>>(path, query);
      for (const entry of body.list ?? []) all.push(entry[key]);
      if (!body.next_offset) return all;
      offset = body.next_offset;
    }
    throw new BillingSystemError(`The billing provider's ${path} list went on past ${MAX_PAGES} pages`);
  }

  return {
    name: 'chargebee',
    async customer(id) {
      const [found] = await list<'customer', CbCustomer>('customers', 'customer', { 'id[is]': id });
      return found ? toCustomer(found) : null;
    },
    async subscriptions(customerId, filter: SubscriptionFilter = {}) {
      // Chargebee refuses an empty `in`; no status at all matches nothing.
      if (filter.status?.length === 0) return [];
      const filters: Record<string, string> = { 'customer_id[is]': customerId };
      if (filter.status) filters['status[in]'] = JSON.stringify(filter.status);
      const subs = await list<'subscription', CbSubscription>('subscriptions', 'subscription', filters);
      return subs.map(toSubscription).sort(byId);
    },
  };
}
