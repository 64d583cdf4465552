/**
 * Who may create and edit customers (spec 1 §6): one rule for the console's buttons and routes
 * and for the server's save.
 *
 * Creating a customer needs the platform-fees edit permission as well as customer edit (ours, the
 * spec is silent): a new customer's fees are required (spec 1 §5) and only the fee permission may
 * set them (§6). There is no default fee schedule to fall back on, so a customer is never created
 * without fees, nor with fees that nobody holding that permission chose. Editing needs customer
 * edit only: without the fee permission the stored fees stay as they are.
 */
import { can, type Guard, type Roles } from '../permissions';

export const EDIT_CUSTOMER_GUARD: Guard = { permission: 'EDIT_CUSTOMER', action: 'edit' };
export const EDIT_PLATFORM_FEES_GUARD: Guard = { permission: 'PLATFORM_FEES', action: 'edit' };
/** Seeing a customer's platform-fee section. */
export const VIEW_PLATFORM_FEES_GUARD: Guard = { permission: 'PLATFORM_FEES', action: 'view' };
/** Every one must pass to create a customer. */
export const CREATE_CUSTOMER_GUARDS: readonly Guard[] = [EDIT_CUSTOMER_GUARD, EDIT_PLATFORM_FEES_GUARD];

/** Why a control is disabled or a save refused (ours: the spec does not word them). */
export const CUSTOMER_ACCESS_MESSAGES = {
  noEdit: 'You do not have permission to change customers',
  createNeedsFees: 'Creating a customer sets its platform fees, so it needs permission to edit platform fees',
} as const;

const passes = (roles: Roles | null | undefined, g: Guard) => can(roles, g.permission, g.action);

/** Why these roles may not create a customer, or null when they may. */
export function whyCannotCreateCustomer(roles: Roles | null | undefined): string | null {
  if (!passes(roles, EDIT_CUSTOMER_GUARD)) return CUSTOMER_ACCESS_MESSAGES.noEdit;
  if (!passes(roles, EDIT_PLATFORM_FEES_GUARD)) return CUSTOMER_ACCESS_MESSAGES.createNeedsFees;
  return null;
}
