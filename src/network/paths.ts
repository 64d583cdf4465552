/** Paths of the customer's network pages (spec 1 §2); the customer id travels like Edit's. */
export const CUSTOMER_NETWORK_EXPORT = '/customer/customer-network-export';
export const CUSTOMER_NETWORK_IMPORT = '/customer/customer-network-import';

export const networkExportPath = (id: string) => `${CUSTOMER_NETWORK_EXPORT}?id=${encodeURIComponent(id)}`;
export const networkImportPath = (id: string) => `${CUSTOMER_NETWORK_IMPORT}?id=${encodeURIComponent(id)}`;

/** The tooltip on network actions for admins without the network permission (spec 1 §2). */
export const NO_NETWORK_ACCESS = 'You do not have access to this module.';
