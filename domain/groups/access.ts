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

/** The linked-customer drawer's texts (spec 2 §8; titles and the success wording ours). */
export const LINKED_CUSTOMER_MESSAGES = {
  title: 'Linked Customers',
  unlinkQuestion: 'If you unlink, garages in this group will stop receiving new enquiries. Do you want to continue?',
  unlinkTitle: 'Unlink customer?',
  unlinked: 'The group has been unlinked from the lease company',
  unlinkFailed: 'The customer could not be unlinked.',
  none: 'No customers are linked to this group',
  more: 'Only the first 250 linked customers are listed.',
} as const;

/** The group form's notices (spec 2 §8: a group-saved notice shown 5 seconds; the wording ours). */
export const GROUP_SAVE_MESSAGES = {
  created: 'The group has been created',
  saved: 'The group details have been saved',
  failure: 'The group could not be saved.',
  noticeMs: 5_000,
} as const;
