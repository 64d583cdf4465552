/** Paths and navigation state of the customer area (spec 1 §2 "Customer area routes"). */
export const SETUP = '/customer/setup';
export const SEARCH = '/customer/customer-search';
export const DETAILS = '/customer/customer-details';
export const EDIT = '/customer/edit-customer';

export type CountryParam = 'UK' | 'IE';

/** The route parameter of create-customer: the country the form is for. */
export const createPath = (country: CountryParam) => `/customer/create-customer/${country}`;

/**
 * The customer id travels in navigation state, as the spec has it, and also in the query string
 * so a reload or a shared link still opens the same customer.
 */
export interface CustomerNavState {
  leaseCompanyId: string;
  /** The customer search (path + query) to go back to. */
  searchUrl?: string;
}

export const detailsPath = (id: string) => `${DETAILS}?id=${encodeURIComponent(id)}`;
export const editPath = (id: string) => `${EDIT}?id=${encodeURIComponent(id)}`;

/** The search list is reloaded this long after a save (spec 1 §9: reload after customer save). */
export const CUSTOMER_RELOAD_AFTER_SAVE_MS = 5_000;
