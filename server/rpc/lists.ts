import { asc, desc, gte, lt, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Filtering, sorting and paging of the plain entities' list slugs (domain/lists.ts): the page is
 * cut in SQL, never in the browser.
 */

const DAY_MS = 86_400_000;

/** LIMIT and OFFSET of a page. */
export function pageOf(pagination: { page: number; perPage: number }): { limit: number; offset: number } {
  return { limit: pagination.perPage, offset: (pagination.page - 1) * pagination.perPage };
}

/** Conditions for a range of whole UTC days, both ends included. */
export function dayRange(column: PgColumn, from: string | undefined, to: string | undefined): SQL[] {
  const start = (day: string) => new Date(`${day}T00:00:00Z`);
  return [...(from ? [gte(column, start(from))] : []), ...(to ? [lt(column, new Date(start(to).getTime() + DAY_MS))] : [])];
}

/**
 * ORDER BY the requested field (one of `columns`), else `fallback`, then `tieBreak` in the same
 * direction so that rows with equal values keep one order from page to page.
 */
export function orderOf<F extends string>(
  sort: { field: F; order: 'ASC' | 'DESC' } | undefined,
  columns: Record<F, PgColumn | SQLWrapper>,
  fallback: { field: F; order: 'ASC' | 'DESC' },
  tieBreak: PgColumn,
): SQL[] {
  const { field, order } = sort ?? fallback;
  const direction = order === 'ASC' ? asc : desc;
  return [direction(columns[field]), direction(tieBreak)];
}

/** An ILIKE pattern matching `text` anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A list slug's answer from its page query and its count query (run one after the other: PGlite has one connection). */
export async function listAnswer<R, T>(rows: PromiseLike<R[]>, counted: PromiseLike<{ total: number }[]>, toRow: (r: R) => T): Promise<{ data: T[]; total: number }> {
  const page = await rows;
  const [{ total }] = await counted;
  return { data: page.map(toRow), total: Number(total) };
}
