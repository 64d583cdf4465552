import { menuView } from '../permissions';
import { defineResource } from './types';

/** Electronic registrations of new suppliers, spec 2 §2.3. */
export const eRegistrationResource = defineResource({
  name: 'e-registration',
  label: 'e-Registration',
  menu: { path: '/e-registration', guard: null },
  route: menuView('eRegistration'),
  search: {
    collection: 'eRegistrations',
    queryBy: ['companyName', 'address', 'regNumber', 'email'],
    facets: ['status'],
    guards: [menuView('eRegistration'), menuView('customer')],
  },
  onboardingCard: {
    title: 'e-Registrations',
    figures: [
      { label: 'New', status: 'NEW' },
      { label: 'Rejected', status: 'REJECTED' },
    ],
    linkLabel: 'Go to e-Registration',
  },
});
