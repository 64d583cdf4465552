import type { VerbParams } from './types';

/**
 * Keyset paging behind react-admin's page numbers. Pay Bill and Process Logs continue from a
 * cursor the server answers with each page (spec 3 §2.1 "continues from the last record
 * reference"); react-admin's infinite list asks for page n + 1 after page n. So each answer's
 * cursor is kept for the next page of the same filter, sort and page size, and that page's request
 * sends it. Only the searches of the last few filters are kept.
 */
export function keysetPages<C>(kept = 20) {
  const searches = new Map<string, Map<number, C>>();
  const searchOf = (p: VerbParams) => JSON.stringify([p.filter ?? {}, p.sort ?? null, p.pagination?.perPage ?? null]);
  const pageOf = (p: VerbParams): number => p.pagination?.page ?? 1;
  return {
    /** The cursor the page asked for starts after: null for the first page. */
    cursorOf(params: VerbParams): C | null {
      const page = pageOf(params);
      if (page <= 1) return null;
      const cursor = searches.get(searchOf(params))?.get(page);
      if (cursor === undefined) throw new Error(`Page ${page} was asked for before the page it continues.`);
      return cursor;
    },
    /** Keeps where the page after this one starts (null: this page is the last). */
    keep(params: VerbParams, next: C | null): void {
      const key = searchOf(params);
      const page = pageOf(params);
      // A first page starts the search again; the newest searches are kept.
      const pages = page <= 1 ? new Map<number, C>() : (searches.get(key) ?? new Map<number, C>());
      searches.delete(key);
      if (next !== null) pages.set(page + 1, next);
      searches.set(key, pages);
      if (searches.size > kept) searches.delete(searches.keys().next().value!);
    },
  };
}
