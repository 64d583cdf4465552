import type { SlugCall, VerbParams } from './types';

/** A sub-collection row as react-admin keys it. */
type Row = { id: string | number };

export interface ParentListDecl<A> {
  slug: string;
  /** The filter field holding the parent's id: getManyReference's target. */
  target: string;
  /** The spec's payload for the parent's id (null: no parent, such as the DI network's imports) and the other filters. */
  request(parentId: string | null, filter: Record<string, unknown>): unknown;
  /** The rows of the answer, each with its react-admin id. */
  rows(answer: A): Row[];
}

/**
 * The getList of a sub-collection read through its spec slug, which answers the parent's whole
 * list in the spec's order (or its latest rows, capped by the server): one page holding every row,
 * whatever page react-admin asks for, as the spec's lists have no paging.
 */
export function parentList<A>({ slug, target, request, rows }: ParentListDecl<A>): SlugCall {
  return {
    slug,
    request: ({ filter = {} }: VerbParams) => {
      const parentId = (filter as Record<string, unknown>)[target];
      return request(parentId == null ? null : String(parentId), filter);
    },
    response: (answer: A) => {
      const data = rows(answer);
      return { data, total: data.length };
    },
  };
}
