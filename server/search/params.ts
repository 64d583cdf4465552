import { hasForbiddenCharacters } from '../../domain/inputSafety';
import { errors } from './errors';
import { MAX_QUERY_WORDS, parseQuery } from './textQuery';
import type { CollectionDef, FieldDef, RawParams } from './types';

export const MAX_PER_PAGE = 250;
const DEFAULT_PER_PAGE = 10;
const UINT32_MAX = 4294967295;

/** Comma list: split, trimmed, empty items dropped (reference §1.1). */
export function commaList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function unsigned(params: RawParams, name: string): number | undefined {
  const v = params[name];
  if (v === undefined) return undefined;
  const t = v.trim();
  if (!/^\d+$/.test(t) || Number(t) > UINT32_MAX) throw errors.notUnsigned(name);
  return Number(t);
}

export interface QueryField {
  field: FieldDef;
  prefix: boolean;
  numTypos: number;
}

export interface SearchRequest {
  q: string;
  queryBy: QueryField[];
  filterBy: string;
  sortBy: string;
  facetBy: string[];
  maxFacetValues: number;
  perPage: number;
  /** Set when the caller paged with `page` (or neither); the response then echoes `page`. */
  page?: number;
  offset: number;
  includeFields?: string[];
  excludeFields: string[];
  minLen1Typo: number;
  minLen2Typo: number;
  /** Fewer documents than this: look for words with more typos (reference §1.3a). */
  typoTokensThreshold: number;
  /** Fewer documents than this (after typos): drop words from the right and search again. */
  dropTokensThreshold: number;
  /** The escalation step to plan, when the engine asks for one (see TYPO_LEVEL). */
  level?: TypoLevel;
}

/** A step of typo escalation and word dropping: the first `tokens` free words, up to `typos` typos each. */
export interface TypoLevel {
  tokens: number;
  typos: number;
}

/**
 * Key under which the engine passes a TypoLevel in the parameters. A symbol: it cannot come from a
 * request, so no client can pick a step or make a compiled step stand for the request itself.
 */
export const TYPO_LEVEL = Symbol('typoLevel');
export const withLevel = (params: RawParams, level: TypoLevel): RawParams => Object.assign({ ...params }, { [TYPO_LEVEL]: level });

/** Names and values of every parameter, checked as every input of the console is (domain/inputSafety.ts). */
export function rejectForbiddenCharacters(params: RawParams): void {
  for (const [name, value] of Object.entries(params)) {
    if (hasForbiddenCharacters(name)) throw errors.forbiddenCharacters('name');
    if (typeof value === 'string' && hasForbiddenCharacters(value)) throw errors.forbiddenCharacters(name);
  }
}

/** Validates the parameters of reference §1.2 against a collection. */
export function readSearchRequest(c: CollectionDef, params: RawParams): SearchRequest {
  rejectForbiddenCharacters(params);
  const q = params.q;
  if (q === undefined) throw errors.qRequired();
  const parsed = parseQuery(q);
  if (parsed.words.length + parsed.phrases.flat().length + parsed.excluded.flat().length > MAX_QUERY_WORDS) throw errors.tooManyWords(MAX_QUERY_WORDS);

  const queryByNames = commaList(params.query_by);
  // A field named twice adds nothing but work: each name costs SQL expressions for every word.
  const twice = queryByNames.find((n, i) => queryByNames.indexOf(n) !== i);
  if (twice !== undefined) throw errors.queryFieldTwice(twice);
  const queryBy: QueryField[] = queryByNames.map((name) => {
    if (name === 'id') throw errors.queryById();
    const field = c.fields.find((f) => f.name === name);
    if (!field) throw errors.queryFieldNotFound(name);
    if ((field.type !== 'string' && field.type !== 'string[]') || !field.search) throw errors.queryFieldNotString(name);
    return { field, prefix: true, numTypos: 2 };
  });
  if (queryBy.length === 0 && q.trim() !== '*') throw errors.noSearchFields();

  const prefixes = commaList(params.prefix);
  if (params.prefix !== undefined && queryBy.length > 0) {
    if (prefixes.length !== 1 && prefixes.length !== queryBy.length) throw errors.prefixCount();
    queryBy.forEach((qf, i) => (qf.prefix = (prefixes.length === 1 ? prefixes[0] : prefixes[i]) === 'true'));
  }
  const typos = commaList(params.num_typos);
  if (params.num_typos !== undefined && queryBy.length > 0) {
    if (typos.some((t) => !/^\d+$/.test(t))) throw errors.numTyposMalformed();
    if (typos.length !== 1 && typos.length !== queryBy.length) throw errors.numTyposCount();
    queryBy.forEach((qf, i) => (qf.numTypos = Math.min(2, Number(typos.length === 1 ? typos[0] : typos[i]))));
  }

  const limit = unsigned(params, 'limit');
  const perPageParam = unsigned(params, 'per_page');
  const perPage = perPageParam ?? limit ?? DEFAULT_PER_PAGE;
  if (perPage > MAX_PER_PAGE) throw errors.perPageTooLarge();
  const pageParam = unsigned(params, 'page');
  const offsetParam = unsigned(params, 'offset');
  const maxFacetValues = unsigned(params, 'max_facet_values') ?? 10;
  const minLen1Typo = unsigned(params, 'min_len_1typo') ?? 4;
  const minLen2Typo = unsigned(params, 'min_len_2typo') ?? 7;
  const typoTokensThreshold = unsigned(params, 'typo_tokens_threshold') ?? 1;
  const dropTokensThreshold = unsigned(params, 'drop_tokens_threshold') ?? 1;
  const level = (params as Record<symbol, TypoLevel | undefined>)[TYPO_LEVEL];

  // `offset` only counts when `page` is absent or 0 (reference §1.2).
  const useOffset = (pageParam === undefined || pageParam === 0) && offsetParam !== undefined;
  const page = useOffset ? undefined : Math.max(pageParam ?? 1, 1);
  const offset = useOffset ? offsetParam! : perPage * (page! - 1);

  return {
    q,
    queryBy,
    filterBy: params.filter_by ?? '',
    sortBy: params.sort_by ?? '',
    facetBy: commaList(params.facet_by),
    maxFacetValues,
    perPage,
    page,
    offset,
    includeFields: params.include_fields !== undefined ? commaList(params.include_fields) : undefined,
    excludeFields: commaList(params.exclude_fields),
    minLen1Typo,
    minLen2Typo,
    typoTokensThreshold,
    dropTokensThreshold,
    level,
  };
}
