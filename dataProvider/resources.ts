/**
 * One map from the console's resources to their search collections (ARCHITECTURE: "one map from
 * resource to calls"). Lists go to search; record reads and writes go to the area's RPC slugs,
 * which each area adds here as it is built.
 */
export interface SearchResource {
  collection: string;
  /** Fields searched by free text, most important first (Typesense query_by). */
  queryBy: string[];
  /** Default sort when the screen asks for none (Typesense sort_by). */
  defaultSort?: string;
  /** Facets returned in meta.facets. */
  facets?: string[];
}

export const SEARCH_RESOURCES: Readonly<Record<string, SearchResource>> = {
  // Spec 1 §7: query_by name and address, filter on status, sort name ascending, facet on status.
  customers: { collection: 'leaseCompanyIndex', queryBy: ['name', 'address'], defaultSort: 'name:asc', facets: ['status'] },
  suppliers: { collection: 'suppliers', queryBy: ['name', 'address', 'supplierId', 'email'], defaultSort: 'name:asc', facets: ['status'] },
  groups: { collection: 'groups', queryBy: ['name', 'address', 'groupId', 'visnAccountNumber'], defaultSort: 'name:asc', facets: ['status'] },
  eRegistrations: { collection: 'eRegistrations', queryBy: ['companyName', 'address', 'regNumber', 'email'], facets: ['status'] },
  enquiries: { collection: 'enquiries', queryBy: ['enquiryNumber', 'vrm', 'vehicle'], facets: ['status'] },
  archivedEnquiries: { collection: 'archivedEnquiries', queryBy: ['enquiryNumber', 'vrm', 'vehicle'], facets: ['status'] },
  vehicles: { collection: 'vehicles', queryBy: ['vrm', 'vin', 'stockId', 'vehicle'] },
  users: { collection: 'users', queryBy: ['name', 'email'] },
};
