/** Typesense field types the subset supports (reference §1.2, §3). */
export type FieldType = 'string' | 'string[]' | 'int32' | 'int64' | 'float' | 'bool';

/** Weight label of a field inside the collection's stored tsvector. */
export type WeightLabel = 'A' | 'B' | 'C' | 'D';

export interface FieldDef {
  /** Name in documents, filters, sorts and facets. */
  name: string;
  type: FieldType;
  /**
   * SQL expression over the source, aliased `d` (e.g. `d.name`). Never user input. int64 and float
   * expressions should produce int8 and float8; string[] a text[].
   */
  sql: string;
  /**
   * Immutable text of a searchable field, when `sql` is not immutable (concat_ws, say): what the
   * stored tsvector and an inline one are built from.
   */
  searchSql?: string;
  /**
   * false: no typo tolerance (codes and long free text). Otherwise corrections of a query word are
   * looked up among the field's indexed words (vocabulary.ts, typos.ts).
   */
  typos?: boolean;
  /** A uuid column behind a text field: exact filters compare it as uuid, which its index serves. */
  uuid?: string;
  /** May appear in query_by (string and string[] only). */
  search?: boolean;
  /** Label under which the field is in the collection's stored tsvector; absent: computed inline. */
  weight?: WeightLabel;
  filter?: boolean;
  facet?: boolean;
  /** String fields must opt in (reference §4); numeric and bool fields are sortable when true too. */
  sort?: boolean;
  /**
   * The values are codes made of letters, digits and underscores (a status, for example): exact
   * filters then compare lower(sql) without the full token normalisation, which an index can serve.
   */
  code?: boolean;
  /** Returned in the document (default true). */
  stored?: boolean;
}

export interface CollectionDef {
  name: string;
  /** A table name or a parenthesised SELECT; aliased `d` in every statement. */
  source: string;
  /**
   * Tables whose changes invalidate cached answers (each needs the trigger of migration
   * 0004_search_change_notify). Default: `source` when it is a table name; otherwise nothing is cached.
   */
  tables?: string[];
  /** SQL text expression of the document id. */
  id: string;
  /** Monotonic insertion sequence (reference §1.4): the last tie-breaker, newest first. */
  seq: string;
  /** Stored tsvector expression holding the fields that carry a `weight`; absent: built inline. */
  tsvector?: string;
  fields: FieldDef[];
  /** A numeric field (reference §1.4). */
  defaultSortingField?: string;
  /**
   * Fields whose document counts per value are kept in search_counts (counts.ts): a wildcard search
   * filtering and faceting on these alone reads found and facets from there. Present (even empty)
   * means the source table has the count triggers, and `out_of` is read from them too.
   */
  counts?: string[];
  /**
   * Narrow copy of the source (projection.ts) in which a text search on the count dimensions
   * counts its matches and facets.
   */
  projection?: string;
  /** sort_by values of the list screens; each has an index, so a list page is read in its order. */
  listSorts?: string[];
}

/** Search parameters as Typesense receives them: names to string values. */
export type RawParams = Record<string, string>;

export type SearchResponse = Record<string, unknown>;
