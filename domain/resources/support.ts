import { menuView } from '../permissions';
import { defineResource } from './types';

/**
 * The support dashboard, spec 3 §2.4: the sidebar entry needs support; the route has no guard,
 * each tool checks its own permission.
 */
export const supportResource = defineResource({
  name: 'support',
  label: 'Support',
  menu: { path: '/support', guard: menuView('support') },
  route: null,
});
