import type { ComponentType } from 'react';
import * as customers from '../resources/customers';
import * as suppliers from '../resources/suppliers';
import * as groups from '../resources/groups';
import * as registrations from '../resources/registrations';
import * as fileValidation from '../resources/fileValidation';
import * as savi from '../resources/savi';
import * as support from '../resources/support';
import * as masterLogins from '../resources/masterLogins';
import * as processLogs from '../resources/processLogs';

/** The signed-in areas, each behind its MenuGuard, in sidebar order. */
export const areaRoutes = [
  customers.routes,
  groups.routes,
  suppliers.routes,
  registrations.routes,
  fileValidation.routes,
  masterLogins.routes,
  processLogs.routes,
  savi.routes,
  support.routes,
];

/** Sidebar icons by NAV_ENTRIES target. */
export const NAV_ICONS: Record<string, ComponentType<{ fontSize?: 'small' | 'medium' }>> = {
  '/customer/setup': customers.icon,
  '/group/group-search': groups.icon,
  '/supplier/setup': suppliers.icon,
  '/e-registration': registrations.icon,
  '/file-validation': fileValidation.icon,
  '/assign-user-login': masterLogins.icon,
  '/process-logs': processLogs.icon,
  '/savi': savi.icon,
  '/support': support.icon,
};
