import { menuView } from '../permissions';
import type { RegistrationDetails } from '../registrations/details';
import { defineResource } from './types';

/** Deciding a registration (approve, reject) needs the menu's edit (ours: the spec names no other permission). */
export const DECIDE_REGISTRATION_GUARD = { permission: 'eRegistration', action: 'edit' } as const;

/**
 * Electronic registrations of new suppliers, spec 2 §2.3: the area under /e-registration, searched
 * in the eRegistrations collection (newest update first, facet on status), read through the
 * spec's slug. A registration is named by its id (the spec's inviteId).
 */
export const eRegistrationResource = defineResource({
  name: 'e-registration',
  label: 'e-Registration',
  menu: { path: '/e-registration', guard: null },
  route: menuView('eRegistration'),
  actions: {
    create: [DECIDE_REGISTRATION_GUARD],
    // Approve or reject a NEW registration.
    decide: { guards: [DECIDE_REGISTRATION_GUARD], slugs: ['eOnBoarding/approveSupplier', 'eOnBoarding/rejectSupplier'] },
  },
  search: {
    collection: 'eRegistrations',
    queryBy: ['companyName', 'address', 'regNumber', 'email'],
    // Ours: the spec gives no order; the newest submissions and decisions first.
    defaultSort: 'modifiedAt:desc',
    facets: ['status'],
    guards: [menuView('eRegistration'), menuView('customer')],
  },
  records: {
    getOne: {
      slug: 'eOnBoarding/getERegistrationDetails',
      request: ({ id }) => ({ inviteId: String(id) }),
      response: (answer: { data: RegistrationDetails }) => ({ data: answer.data }),
    },
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
