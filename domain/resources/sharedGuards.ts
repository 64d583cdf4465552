import type { Guard } from '../permissions';

/**
 * Feature guards more than one entity declares an action with (its screens share the control):
 * the network pages, API integrations and documents.
 */
export const NETWORK_VIEW_GUARD: Guard = { permission: 'manageNetwork', action: 'view' };
export const NETWORK_EDIT_GUARD: Guard = { permission: 'manageNetwork', action: 'edit' };
export const VIEW_INTEGRATIONS_GUARD: Guard = { permission: 'API_INTEGRATIONS', action: 'view' };
export const EDIT_INTEGRATIONS_GUARD: Guard = { permission: 'API_INTEGRATIONS', action: 'edit' };
export const UPLOAD_DOCUMENTS_GUARD: Guard = { permission: 'UPLOAD_DOCUMENTS', action: 'edit' };
