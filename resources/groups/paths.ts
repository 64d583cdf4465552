/** Paths and navigation state of the group area (spec 2 §2.2 "Group area routes"). */
import type { Country } from '../../domain/country';

export const SEARCH = '/group/group-search';
export const DETAILS = '/group/group-details';
export const EDIT = '/group/edit-group';
/** The supplier area's search, which Show Suppliers opens narrowed to one group. */
export const SUPPLIER_SEARCH = '/supplier/supplier-search';

/**
 * A group is named by its record id (the spec's accountId). It travels in navigation state, as
 * the spec has it, and in the query string so a reload or a shared link opens the same group.
 */
export interface GroupNavState {
  accountId: string;
  /** The group search (path + query) to go back to. */
  searchUrl?: string;
}

export const detailsPath = (accountId: string) => `${DETAILS}?${new URLSearchParams({ id: accountId }).toString()}`;
export const editPath = (accountId: string) => `${EDIT}?${new URLSearchParams({ id: accountId }).toString()}`;
/** The route parameter of create-group: the country the form is for. */
export const createPath = (country: Country) => `/group/create-group/${country}`;
