import { can, type Guard, type Roles } from './permissions';

/**
 * Search collections and who may search them. A scoped search key is limited to the collections
 * whose guards the admin passes (any one guard suffices).
 */
export const COLLECTION_GUARDS: Readonly<Record<string, readonly Guard[]>> = {
  leaseCompanyIndex: [{ permission: 'customer', action: 'view' }, { permission: 'masterLogins', action: 'view' }, { permission: 'support', action: 'view' }],
  suppliers: [{ permission: 'supplier', action: 'view' }, { permission: 'customer', action: 'view' }, { permission: 'support', action: 'view' }],
  groups: [{ permission: 'group', action: 'view' }, { permission: 'customer', action: 'view' }, { permission: 'masterLogins', action: 'view' }, { permission: 'savi', action: 'view' }],
  eRegistrations: [{ permission: 'eRegistration', action: 'view' }, { permission: 'customer', action: 'view' }],
  enquiries: [{ permission: 'support', action: 'view' }],
  archivedEnquiries: [{ permission: 'support', action: 'view' }],
  vehicles: [{ permission: 'support', action: 'view' }],
  users: [{ permission: 'support', action: 'view' }, { permission: 'masterLogins', action: 'view' }],
};

export function searchableCollections(roles: Roles): string[] {
  return Object.entries(COLLECTION_GUARDS)
    .filter(([, guards]) => guards.some((g) => can(roles, g.permission, g.action)))
    .map(([name]) => name);
}
