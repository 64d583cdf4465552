import { menuView } from '../permissions';
import { defineResource } from './types';

/** Suppliers (garages), spec 2 §2.1. Their screens and record slugs come with the supplier area. */
export const supplierResource = defineResource({
  name: 'supplier',
  label: 'Supplier',
  menu: { path: '/supplier/setup', setup: true, guard: null },
  route: menuView('supplier'),
  search: {
    collection: 'suppliers',
    queryBy: ['name', 'address', 'supplierId', 'email'],
    defaultSort: 'name:asc',
    facets: ['status'],
    guards: [menuView('supplier'), menuView('customer'), menuView('support')],
  },
  onboardingCard: {
    title: 'Suppliers',
    figures: [
      { label: 'Live', status: 'live' },
      { label: 'Cancelled', status: 'cancelled' },
    ],
    linkLabel: 'Go to Supplier Onboarding',
  },
});
