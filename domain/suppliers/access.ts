/** Who may change suppliers (spec 2 §6): one rule for the console's buttons and the server's slugs. */
import type { Guard } from '../permissions';

/** Spec 2 §6: one supplier-edit permission gates create, edit, invite, escalation and terminate. */
export const EDIT_SUPPLIER_GUARD = { permission: 'EDIT_SUPPLIER', action: 'edit' } as const satisfies Guard;
/** Spec 2 §6: adding or editing DI network terms. */
export const EDIT_DI_NETWORK_TERMS_GUARD = { permission: 'EDIT_DI_NETWORK_TERMS', action: 'edit' } as const satisfies Guard;

/** Why a supplier control is disabled (ours: the spec does not word it, except for network terms). */
export const SUPPLIER_ACCESS_MESSAGES = {
  noEdit: 'You do not have permission to change suppliers',
} as const;

/** Invite User on a supplier (ours: the spec hides the action for a terminated supplier without wording a refusal). */
export const SUPPLIER_INVITE_MESSAGES = {
  terminated: 'This supplier is terminated: no invitations can be sent.',
} as const;
