/**
 * Errors of the Typesense-compatible endpoint. They answer `{ "message": … }` with Typesense's own
 * statuses and texts (reference §2.4), because the typesense client reads exactly that.
 */
export class TypesenseError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const bad = (message: string) => new TypesenseError(400, message);

/** Verbatim texts, typos included: clients and tests compare them. */
export const errors = {
  unauthorized: () => new TypesenseError(401, 'Forbidden - a valid `x-typesense-api-key` header must be sent.'),
  collectionNotFound: () => new TypesenseError(404, 'Collection not found'),
  routeNotFound: () => new TypesenseError(404, 'Not Found'),
  queryTooLong: () => bad('Query string exceeds max allowed length of 4000. Use the /multi_search end-point for larger payloads.'),
  qRequired: () => bad('Parameter `q` is required.'),
  noSearchFields: () => bad('No search fields specified for the query.'),
  queryFieldNotFound: (f: string) => new TypesenseError(404, `Could not find a field named \`${f}\` in the schema.`),
  queryFieldNotString: (f: string) => bad(`Field \`${f}\` should be a string or a string array.`),
  queryById: () => bad('Cannot use `id` as a query by field.'),
  // Our own limits (domain/inputSafety.ts, textQuery.ts); Typesense has no such texts.
  forbiddenCharacters: (p: string) => bad(`Parameter \`${p}\` contains characters that are not allowed.`),
  tooManyWords: (max: number) => bad(`The search text has too many words: at most ${max} are allowed.`),
  queryFieldTwice: (f: string) => bad(`Field \`${f}\` is named more than once in \`query_by\`.`),
  tooComplex: () => bad('The search is too complex. Use fewer words or filter conditions.'),
  notUnsigned: (p: string) => bad(`Parameter \`${p}\` must be an unsigned integer.`),
  perPageTooLarge: () => new TypesenseError(422, 'Only upto 250 hits can be fetched per page.'),
  prefixCount: () => bad('Number of prefix values in `prefix` does not match number of `query_by` fields.'),
  numTyposCount: () => bad('Number of values in `num_typos` does not match number of `query_by` fields.'),
  numTyposMalformed: () => bad('Parameter `num_typos` is malformed.'),
  // filter_by (reference §3.6)
  filterParse: () => bad('Could not parse the filter query.'),
  filterLoneOperator: () => bad('Could not parse the filter filter_query.'),
  filterParens: () => bad('Could not parse the filter query: unbalanced parentheses.'),
  filterOperands: () => bad('Could not parse the filter query: unbalanced `&&` operands.'),
  filterTooManyOps: () => bad('Filter expression exceeds the maximum number of operators.'),
  filterTooDeep: (max: number) => bad(`Could not parse the filter query: more than ${max} nested parentheses.`),
  filterEmptyValue: (f: string) => bad(`Error with filter field \`${f}\`: Filter value cannot be empty.`),
  filterComparator: (f: string) => bad(`Error with filter field \`${f}\`: Numerical field has an invalid comparator.`),
  filterNotType: (f: string, type: 'an int32' | 'an int64' | 'a float') => bad(`Error with filter field \`${f}\`: Not ${type}.`),
  filterRange: (f: string, v: string, type: 'an int32' | 'an int64') => bad(`Error with filter field \`${f}\`: \`${v}\` exceeds the range of ${type}.`),
  filterBool: (f: string) => bad(`Value of filter field \`${f}\` must be \`true\` or \`false\`.`),
  filterFieldNotFound: (f: string) => new TypesenseError(404, `Could not find a filter field named \`${f}\` in the schema.`),
  // sort_by (reference §4)
  sortMalformed: () => bad('Parameter `sort_by` is malformed.'),
  sortTooMany: () => bad('Only upto 3 sort fields are allowed.'),
  sortOrder: (f: string) => bad(`Order for field\` ${f}\` should be either ASC or DESC.`),
  sortFieldNotFound: (f: string) => new TypesenseError(404, `Could not find a field named \`${f}\` in the schema for sorting.`),
  // facet_by (reference §5)
  facetFieldNotFound: (f: string) => new TypesenseError(404, `Could not find a facet field named \`${f}\` in the schema.`),
  // scoped keys (reference §7.4)
  embeddedParams: () => bad('Error applying search parameters inside Scoped Search API key'),
  // multi_search (reference §6.1)
  badJson: () => bad('Bad JSON.'),
  missingSearches: () => bad('Missing `searches` array.'),
  searchesNotObjects: () => bad('The value of `searches` must be an array of objects.'),
  tooManySearches: () => bad('Number of multi searches exceeds `limit_multi_searches` parameter.'),
  malformedSearchParams: () => bad('One or more search parameters are malformed.'),
  unionUnsupported: () => bad('Union search is not supported by this server.'),
  // A search that ran past the statement timeout was cancelled. A 4xx rather than a 5xx: the
  // typesense client retries 5xx answers (reference §8.7), which would only run the same costly
  // statement again. 408 is also the status that fails a whole multi_search (§6.3).
  timedOut: () => new TypesenseError(408, 'Request Timeout'),
};
