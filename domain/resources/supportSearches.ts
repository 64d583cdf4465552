import { menuView } from '../permissions';
import { defineResource } from './types';

/**
 * Records the support tools and master logins find by search (spec 3 §7 "Search service queries"),
 * with no screens of their own: the resource name is the collection's.
 */
const supportOnly = [menuView('support')];

export const enquiriesResource = defineResource({
  name: 'enquiries',
  label: 'Enquiry',
  route: null,
  search: { collection: 'enquiries', queryBy: ['enquiryNumber', 'vrm', 'vehicle'], facets: ['status'], guards: supportOnly },
});

export const archivedEnquiriesResource = defineResource({
  name: 'archivedEnquiries',
  label: 'Archived enquiry',
  route: null,
  search: { collection: 'archivedEnquiries', queryBy: ['enquiryNumber', 'vrm', 'vehicle'], facets: ['status'], guards: supportOnly },
});

export const vehiclesResource = defineResource({
  name: 'vehicles',
  label: 'Vehicle',
  route: null,
  search: { collection: 'vehicles', queryBy: ['vrm', 'vin', 'stockId', 'vehicle'], guards: supportOnly },
});

export const usersResource = defineResource({
  name: 'users',
  label: 'User',
  route: null,
  search: { collection: 'users', queryBy: ['name', 'email'], guards: [menuView('support'), menuView('masterLogins')] },
});
