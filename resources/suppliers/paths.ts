/** Paths and navigation state of the supplier area (spec 2 §2.1 "Supplier area routes"). */
export const SETUP = '/supplier/setup';
export const SEARCH = '/supplier/supplier-search';
export const DETAILS = '/supplier/supplier-details';

/**
 * A supplier is named by its id and its group's (supplier/getSupplierDetails needs both). They
 * travel in navigation state, as the spec has it, and in the query string so a reload or a shared
 * link opens the same supplier.
 */
export interface SupplierNavState {
  serviceUnitId: string;
  accountObjectId: string;
  /** The supplier search (path + query) to go back to. */
  searchUrl?: string;
}

export const detailsPath = (serviceUnitId: string, accountObjectId: string) =>
  `${DETAILS}?${new URLSearchParams({ id: serviceUnitId, group: accountObjectId }).toString()}`;

export const EDIT = '/supplier/edit-supplier';
/** The route parameter of create-supplier: the country the form is for. */
export const createPath = (country: 'UK' | 'IE') => `/supplier/create-supplier/${country}`;
export const editPath = (serviceUnitId: string, accountObjectId: string) => `${EDIT}?${new URLSearchParams({ id: serviceUnitId, group: accountObjectId }).toString()}`;

/** The DI Network Terms tab's name in the details page's address (?tab=). */
export const TERMS_TAB = 'di-network-terms';
export const NETWORK_TERMS = '/supplier/edit-di-network-terms';
export const networkTermsPath = (serviceUnitId: string, accountObjectId: string) => `${NETWORK_TERMS}?${new URLSearchParams({ id: serviceUnitId, group: accountObjectId }).toString()}`;
/** Supplier Information with the DI Network Terms tab selected. */
export const termsTabPath = (serviceUnitId: string, accountObjectId: string) => `${DETAILS}?${new URLSearchParams({ id: serviceUnitId, group: accountObjectId, tab: TERMS_TAB }).toString()}`;
