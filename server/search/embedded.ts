import { errors, type TypesenseError } from './errors';
import type { RawParams } from './types';

/** A JSON scalar as Typesense turns it into a parameter string; null for arrays and objects. */
export function paramString(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(6); // C++ std::to_string
  return null;
}

/** `(a) && (b)`, or the non-empty side alone in parentheses (reference §6.2, §7.4). */
export function andFilters(a: string | undefined, b: string | undefined): string {
  const x = a?.trim() ?? '';
  const y = b?.trim() ?? '';
  if (x && y) return `(${x}) && (${y})`;
  if (x) return `(${x})`;
  if (y) return `(${y})`;
  return '';
}

/**
 * Adds `extra` to `params`. With `overwrite`, extra values replace the request's (scoped key);
 * without, existing values stay (multi_search common parameters). filter_by is always AND-ed.
 */
export function mergeParams(params: RawParams, extra: Record<string, unknown>, overwrite: boolean, onBad: () => TypesenseError): RawParams {
  const out: RawParams = { ...params };
  for (const [k, v] of Object.entries(extra)) {
    const s = paramString(v);
    if (s === null) throw onBad();
    if (k === 'filter_by') {
      out.filter_by = andFilters(params.filter_by, s);
      continue;
    }
    if (overwrite || out[k] === undefined) out[k] = s;
  }
  return out;
}

/** Applies a scoped key's embedded parameters (reference §7.4): they override the request. */
export function applyEmbedded(params: RawParams, embedded: Record<string, unknown>): RawParams {
  const rest = { ...embedded };
  delete rest.expires_at;
  return mergeParams(params, rest, true, errors.embeddedParams);
}
