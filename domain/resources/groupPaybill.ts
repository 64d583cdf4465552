import { menuView } from '../permissions';
import type { GroupLeaseCompany } from '../groups/details';
import { defineSubCollection } from './subCollection';

/** Both lists belong to a group, named by its accountId, and answer lease companies by name. */
const OF_GROUP = {
  label: 'Customer',
  route: menuView('group'),
  parent: { resource: 'group', target: 'groupId' },
  rows: (answer: { leaseCompanies: GroupLeaseCompany[] }) => answer.leaseCompanies,
} as const;

/**
 * A group's linked customers of the rate card types in the filter's `rateCardTypes` (the paybill
 * configuration's candidates, spec 2 §2.2).
 */
export const groupPaybillCustomerResource = defineSubCollection({
  ...OF_GROUP,
  name: 'groupPaybillCustomer',
  slug: 'admin/listLeaseCompaniesBasedOnRateCardTypes',
  request: (accountId, { rateCardTypes }) => ({ rateCardTypes, accountId }),
});

/** The group's customers on 'Direct' paybill (spec 2 §2.2). */
export const groupDirectPaybillCustomerResource = defineSubCollection({
  ...OF_GROUP,
  name: 'groupDirectPaybillCustomer',
  slug: 'admin/listDirectPaybillCustomersForGroup',
  request: (accountId) => ({ accountId }),
});
