import type { Guard } from '../permissions';
import type { ResourceDecl, SlugCall, VerbParams } from './types';

/** A sub-collection row as react-admin keys it. */
type Row = { id: string | number };

export interface SubCollectionDecl<A, T extends string> {
  /** react-admin resource name, e.g. 'customerUser'. */
  name: string;
  label: string;
  /** What reading it needs: its parent area's view. */
  route: Guard;
  /** The parent entity, and the filter field holding its id (getManyReference's target). */
  parent: { resource: string; target: T };
  /** The spec's list slug. */
  slug: string;
  /** The spec's payload for the parent's id (null: no parent, such as the DI network's imports) and the other filters. */
  request(parentId: string | null, filter: Record<string, unknown>): unknown;
  /** The rows of the answer, each with its react-admin id. */
  rows(answer: A): Row[];
}

/**
 * Declares a sub-collection read through its spec slug with getList, and so getManyReference
 * (dataProvider/routing.ts). The slug answers the parent's whole list in the spec's order (or its
 * latest rows, capped by the server): one page holding every row, whatever page react-admin asks
 * for, as the spec's lists have no paging.
 */
export function defineSubCollection<A, const T extends string>({ slug, request, rows, ...decl }: SubCollectionDecl<A, T>): ResourceDecl & { parent: { resource: string; target: T } } {
  const getList: SlugCall = {
    slug,
    request: ({ filter = {} }: VerbParams) => {
      const parentId = (filter as Record<string, unknown>)[decl.parent.target];
      return request(parentId == null ? null : String(parentId), filter);
    },
    response: (answer: A) => {
      const data = rows(answer);
      return { data, total: data.length };
    },
  };
  return { ...decl, records: { getList } };
}
