import { menuView } from '../permissions';
import { defineResource } from './types';

/** The finance export area, spec 3 §2.1: the sidebar entry needs savi; the route has no guard. */
export const saviResource = defineResource({
  name: 'savi',
  label: 'SAVi',
  menu: { path: '/savi', guard: menuView('savi') },
  route: null,
});
