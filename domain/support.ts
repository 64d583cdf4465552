/** Support, fleet and validation values of spec 3 §3 and §9. */

/** One users table holds lease, supplier and group users. */
export const USER_KINDS = ['lease', 'supplier', 'group'] as const;
export type UserKind = (typeof USER_KINDS)[number];
/** Stored user status; Suspended and Non registered are derived from timestamps (spec 1 §4, spec 3 §4). */
export const USER_STATUSES = ['INVITE_SENT', 'INVITE_RESENT', 'REGISTERED', 'DELETED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  INVITE_SENT: 'Invite sent',
  INVITE_RESENT: 'Resent invite',
  REGISTERED: 'Registered',
  DELETED: 'Deleted',
};
/** The role a user's first role entry names (spec 3 §3). */
export const USER_ROLE_BY_KIND: Record<UserKind, 'lease' | 'garage'> = { lease: 'lease', supplier: 'garage', group: 'garage' };

export const MAIL_EVENTS = ['accepted', 'delivered', 'opened', 'clicked', 'failed', 'complained', 'unsubscribed'] as const;

/** File validation types, grouped (spec 3 §9; membership beyond ViSN is ours). */
export const FILE_VALIDATION_TYPES = [
  { group: 'ViSN', type: 'CUSTOMER_CONTRACT', label: 'Customer contract' },
  { group: 'ViSN', type: 'SUB_CUSTOMER_STOCK', label: 'Sub customer stock' },
  { group: 'ViSN', type: 'CONTRACT_TERMINATION', label: 'Contract termination' },
  { group: 'ViSN', type: 'VEHICLE_SERVICE_HISTORY', label: 'Vehicle service history' },
  { group: 'ViSN', type: 'SMR_PRICE_CATALOGUE', label: 'SMR price catalogue' },
  { group: 'ViSN', type: 'GLASS_PRICE_CATALOGUE', label: 'Glass price catalogue' },
  { group: 'ViSN', type: 'TYRE_PRICE_CATALOGUE', label: 'Tyre price catalogue' },
  { group: 'ViSN', type: 'REPAIR_DESCRIPTIONS', label: 'Repair descriptions' },
  { group: 'ViSN', type: 'SUPPLEMENTARY_REPAIR_DESCRIPTIONS', label: 'Supplementary repair descriptions' },
  { group: 'ViSN', type: 'DRIVER_COMPLIANCE', label: 'Driver compliance' },
  { group: 'ViSN', type: 'INVITE_SUPPLIER_USERS', label: 'Invite supplier users' },
  { group: 'GSF', type: 'GSF_STOCK', label: 'GSF stock' },
  { group: 'GSF', type: 'GSF_CONTRACT', label: 'GSF contract' },
  { group: 'Jurni', type: 'JURNI_STOCK', label: 'Jurni stock' },
  { group: 'Jurni', type: 'JURNI_CONTRACT', label: 'Jurni contract' },
  { group: 'Autoserve', type: 'AUTOSERVE_STOCK', label: 'Autoserve stock' },
  { group: 'Autoserve', type: 'AUTOSERVE_TERMINATION', label: 'Autoserve termination' },
  { group: 'Enterprise', type: 'ENTERPRISE_GB_STOCK', label: 'Enterprise GB stock' },
  { group: 'Enterprise', type: 'ENTERPRISE_IE_STOCK', label: 'Enterprise IE stock' },
  { group: 'Enterprise', type: 'ENTERPRISE_GB_CONTRACT', label: 'Enterprise GB contract' },
  { group: 'Enterprise', type: 'ENTERPRISE_IE_CONTRACT', label: 'Enterprise IE contract' },
  { group: 'Lex', type: 'LEX_STOCK', label: 'Lex stock' },
  { group: 'Lex', type: 'LEX_CONTRACT', label: 'Lex contract' },
  { group: 'Lex', type: 'LEX_TERMINATION', label: 'Lex termination' },
] as const;
export type FileValidationType = (typeof FILE_VALIDATION_TYPES)[number]['type'];
