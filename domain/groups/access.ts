/** Who may do what in the group area (spec 2 §6): one rule for the console's buttons and the server's slugs. */
import type { Guard } from '../permissions';

/** Spec 2 §6: the group-edit permission gates Add Group, Edit, Invite User and the paybill configuration. */
export const EDIT_GROUP_GUARD = { permission: 'EDIT_GROUP', action: 'edit' } as const satisfies Guard;
/** Spec 2 §6: Show Linked Customer(s). */
export const VIEW_LINKED_CUSTOMERS_GUARD = { permission: 'VIEW_LINKED_CUSTOMERS', action: 'view' } as const satisfies Guard;
/** Spec 2 §6: Unlink. */
export const ALLOW_UNLINK_CUSTOMER_GUARD = { permission: 'ALLOW_UNLINK_CUSTOMER', action: 'edit' } as const satisfies Guard;

export const GROUP_ACCESS_MESSAGES = {
  /** Spec 2 §6, §8. */
  noUnlink: 'You do not have permission to unlink customers',
  /** Ours: the spec does not word the group-edit refusal. */
  noEdit: 'You do not have permission to change groups',
  /** Ours. */
  noLinkedCustomers: 'You do not have permission to view linked customers',
} as const;
