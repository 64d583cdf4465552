/**
 * The permission catalogue (spec 1 §6, spec 2 §6, spec 3 §6).
 *
 * An admin's roles are a map of permission name to the actions it may perform. The universal
 * permission passes every check. Menu permissions guard the shell's routes and sidebar entries
 * with their `view` action; feature permissions gate single screens or buttons.
 *
 * Names the spec quotes are kept as given (menu names, manageNetwork, EDIT_DI_NETWORK_TERMS,
 * VIEW_LINKED_CUSTOMERS, ALLOW_UNLINK_CUSTOMER, EXPORT_TO_QUICKBOOKS, the ALLOW_* support
 * features, MANAGE_EXTERNAL_CODES). Where the spec says the name is "not shown", the name is ours
 * and is marked "(ours)" below.
 */
export const ACTIONS = ['view', 'edit'] as const;
export type Action = (typeof ACTIONS)[number];
export type Roles = Record<string, readonly string[]>;

/** Holding this permission (any action) passes every check. (ours) */
export const UNIVERSAL = 'UNIVERSAL';

export const MENUS = {
  customer: 'customer',
  supplier: 'supplier',
  group: 'group',
  eRegistration: 'eRegistration',
  fileValidation: 'fileValidation',
  masterLogins: 'masterLogins',
  savi: 'savi',
  support: 'support',
} as const;
export type MenuName = keyof typeof MENUS;

export const PERMISSIONS = {
  [UNIVERSAL]: 'Universal permission: passes every check (ours)',
  customer: 'Customer menu',
  supplier: 'Supplier menu',
  group: 'Group menu',
  eRegistration: 'e-Registration menu',
  fileValidation: 'File Validation menu',
  masterLogins: 'Master Logins menu',
  savi: 'SAVi menu',
  support: 'Support menu',
  EDIT_CUSTOMER: 'Edit and terminate customers, invite and manage their users (ours)',
  PLATFORM_FEES: 'View (view) and edit (edit) the platform-fee section; edit is also needed to create a customer (ours)',
  manageNetwork: 'Network export and import, customer and DI network',
  API_INTEGRATIONS: 'View (view) and edit (edit) API integrations (ours)',
  EDIT_SUPPLIER: 'Create and edit suppliers, invite, escalation, terminate (ours)',
  EDIT_DI_NETWORK_TERMS: 'Add or edit DI network terms',
  EDIT_GROUP: 'Add and edit groups (ours)',
  VIEW_LINKED_CUSTOMERS: 'Show linked customers of a group',
  ALLOW_UNLINK_CUSTOMER: 'Unlink customers from a group',
  UPLOAD_DOCUMENTS: 'Upload documents (ours)',
  PAY_BILL: 'Pay Bill page and row (ours)',
  EXPORT_TO_QUICKBOOKS: 'Export pay bill rows to the accounting service',
  ALLOW_ENQUIRY_SEARCH: 'Support: enquiry search',
  ALLOW_CANCEL_ENQUIRY: 'Support: cancel enquiry',
  ALLOW_REVERT_ENQUIRY: 'Support: revert enquiry',
  ALLOW_DELETE_ENQUIRY: 'Support: delete enquiry',
  ALLOW_UNARCHIVE_ENQUIRY: 'Support: unarchive enquiry',
  ALLOW_REGENERATE_INVOICE: 'Support: regenerate invoice',
  ALLOW_VRM_UPDATE: 'Support: VRM update',
  ALLOW_VEHICLE_ACTIVATION: 'Support: vehicle activation',
  ALLOW_REMOVE_USER: 'Support: remove user',
  ALLOW_VERIFY_EMAIL: 'Support: verify e-mail',
  ALLOW_VERIFY_USER: 'Support: verify user (ours)',
  ALLOW_RESEND_DRIVER_MANDATE: 'Support: resend driver mandate (ours)',
  ALLOW_SHOW_QUICKBOOKS_CUSTOMER_CATEGORIES: 'Support: accounting customer categories',
  MANAGE_EXTERNAL_CODES: 'Support: external job codes',
  ALLOW_UNLINK_LEASE_FROM_GROUP: 'Support: unlink a lease company from a group',
  AUDIT_LOG: 'Audit log: who changed what and when (ours)',
  MAIL_OUTBOX: 'Mail outbox: every e-mail the system sent or kept (ours)',
  BACKGROUND_JOBS: 'Background jobs: see them (view), retry a failed one (edit) (ours)',
} as const;
export type PermissionName = keyof typeof PERMISSIONS;

/** True when the roles allow `action` on `permission`. Deny by default. */
export function can(roles: Roles | null | undefined, permission: string, action: Action = 'view'): boolean {
  if (!roles) return false;
  if (Object.prototype.hasOwnProperty.call(roles, UNIVERSAL)) return true;
  const actions = Object.prototype.hasOwnProperty.call(roles, permission) ? roles[permission] : undefined;
  return Array.isArray(actions) && actions.includes(action);
}

const VIEW = ['view'] as const;
const EDIT = ['view', 'edit'] as const;
const SUPPORT_FEATURES = Object.keys(PERMISSIONS).filter(
  (p) => p.startsWith('ALLOW_') && p !== 'ALLOW_UNLINK_CUSTOMER',
);

/**
 * Role presets (ours: the spec names EDITOR and VIEWER but not what they hold).
 * An admin's permissions are read from the preset on every request, so a role change applies at once.
 */
export const ROLE_PRESETS = {
  SUPER_ADMIN: { [UNIVERSAL]: EDIT },
  EDITOR: {
    customer: EDIT, supplier: EDIT, group: EDIT, eRegistration: EDIT, fileValidation: EDIT, masterLogins: EDIT,
    EDIT_CUSTOMER: EDIT, EDIT_SUPPLIER: EDIT, EDIT_GROUP: EDIT, EDIT_DI_NETWORK_TERMS: EDIT,
    VIEW_LINKED_CUSTOMERS: EDIT, ALLOW_UNLINK_CUSTOMER: EDIT, UPLOAD_DOCUMENTS: EDIT,
    manageNetwork: EDIT, API_INTEGRATIONS: EDIT, PLATFORM_FEES: VIEW,
  },
  VIEWER: {
    customer: VIEW, supplier: VIEW, group: VIEW, eRegistration: VIEW, fileValidation: VIEW, masterLogins: VIEW,
    VIEW_LINKED_CUSTOMERS: VIEW, API_INTEGRATIONS: VIEW, PLATFORM_FEES: VIEW,
  },
  SUPPORT: {
    customer: VIEW, supplier: VIEW, group: VIEW, masterLogins: EDIT, support: EDIT,
    ...Object.fromEntries(SUPPORT_FEATURES.map((p) => [p, EDIT])),
    MANAGE_EXTERNAL_CODES: EDIT,
  },
  FINANCE: {
    customer: VIEW, supplier: VIEW, group: VIEW, savi: EDIT,
    PAY_BILL: EDIT, EXPORT_TO_QUICKBOOKS: EDIT, manageNetwork: EDIT, PLATFORM_FEES: EDIT,
  },
} as const satisfies Record<string, Roles>;
export type RoleName = keyof typeof ROLE_PRESETS;
export const ROLE_NAMES = Object.keys(ROLE_PRESETS) as RoleName[];

export function isRoleName(value: string): value is RoleName {
  return Object.prototype.hasOwnProperty.call(ROLE_PRESETS, value);
}

export function rolesFor(role: string): Roles {
  return isRoleName(role) ? ROLE_PRESETS[role] : {};
}

/** What a route, sidebar entry or action needs: one permission's action. */
export interface Guard { permission: string; action: Action }

/** A menu permission's view action: what a menu route or sidebar entry needs (spec 3 §2.6). */
export const menuView = (menu: MenuName): Guard => ({ permission: MENUS[menu], action: 'view' });
