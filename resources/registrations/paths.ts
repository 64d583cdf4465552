/** Paths of the e-registration area (spec 2 §2.3 "E-registration area routes"); a registration travels as ?id=. */
export const DASHBOARD = '/e-registration/dashboard';
export const SEARCH = '/e-registration/supplier-search';
export const DETAILS = '/e-registration/e-registration-details';
export const ADD_SUPPLIER = '/e-registration/add-supplier';
/** Where an approved supplier is shown (the supplier area's details page). */
export const SUPPLIER_DETAILS = '/supplier/supplier-details';

export interface RegistrationNavState {
  inviteId: string;
  /** The registration search (path + query) to go back to. */
  searchUrl?: string;
}

export const detailsPath = (inviteId: string) => `${DETAILS}?${new URLSearchParams({ id: inviteId }).toString()}`;
export const addSupplierPath = (inviteId: string) => `${ADD_SUPPLIER}?${new URLSearchParams({ id: inviteId }).toString()}`;
export const supplierPath = (serviceUnitId: string, accountObjectId: string) => `${SUPPLIER_DETAILS}?${new URLSearchParams({ id: serviceUnitId, group: accountObjectId }).toString()}`;
