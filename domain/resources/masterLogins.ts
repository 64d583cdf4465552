import { menuView } from '../permissions';
import { defineResource } from './types';

/** Master logins, spec 3 §2.3: a page rather than an entity, at the spec's assign-user-login. */
export const masterLoginsResource = defineResource({
  name: 'assign-user-login',
  label: 'Master Logins',
  menu: { path: '/assign-user-login', guard: null },
  route: menuView('masterLogins'),
  // Changing a master login's details needs the menu's edit.
  actions: { edit: { guards: [{ permission: 'masterLogins', action: 'edit' }], slugs: ['admin/updateUserDetails'] } },
});
