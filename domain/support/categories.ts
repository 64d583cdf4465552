/** The Show Categories tool (spec 3 §2.4, §3 "Accounting category", §7). */

export const CATEGORY_MESSAGES = {
  /** Ours: the accounting service has no customer categories. */
  empty: 'No customer categories found',
  /** Ours: beside the banner's 'Error occurred from api.' when the list cannot be read. */
  loadFailed: 'The customer categories could not be loaded',
  loading: 'Loading the customer categories',
} as const;

/** Spec 3 §2.4: the table's columns. */
export const CATEGORY_COLUMNS = { name: 'Name', id: 'Id' } as const;
