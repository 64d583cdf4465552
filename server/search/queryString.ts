import { errors } from './errors';
import type { RawParams } from './types';

const MAX_QUERY_STRING = 4000;

/** Form decoding: `+` is a space (axios sends spaces so), then %XX; bad escapes stay as written. */
export function formDecode(s: string): string {
  const spaced = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
}

/**
 * Parses a raw query string the way Typesense does (reference §1.1): the last value of a repeated
 * parameter wins, except `filter_by`, whose values are joined with `&&`. `cache_ttl` may only come
 * from a scoped key, so it is dropped here.
 */
export function parseQueryString(raw: string, opts: { limitLength: boolean }): RawParams {
  if (opts.limitLength && raw.length > MAX_QUERY_STRING) throw errors.queryTooLong();
  const params: RawParams = Object.create(null);
  if (!raw) return params;
  for (const part of raw.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = formDecode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : formDecode(part.slice(eq + 1));
    if (!name || name === 'cache_ttl') continue;
    if (name === 'filter_by' && params.filter_by !== undefined) params.filter_by = `${params.filter_by}&&${value}`;
    else params[name] = value;
  }
  return params;
}

/** The query-string part of a raw request URL. */
export function rawQuery(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? '' : url.slice(q + 1);
}
