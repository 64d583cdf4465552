import { z } from 'zod';
import { inviteUserFormSchema } from '../invites';
import { requiredId } from '../requestFields';

/** Who acts, as the original's payloads send it; the server records the session's admin instead. */
const sentUser = z.unknown().optional();

/** supplier/getSupplierDetails (spec 2 §7): the group's and the supplier's ids. */
export const getSupplierDetailsSchema = z.object({ accountObjectId: requiredId('accountObjectId'), serviceUnitId: requiredId('serviceUnitId') });

/** supplier/getSupplierUsersList (spec 2 §7). */
export const supplierUsersListSchema = z.object({ accountId: requiredId('accountId'), serviceUnitId: requiredId('serviceUnitId') });

/**
 * admin/terminateSupplierUnit (spec 2 §7), with the version the page shows (ours): a supplier
 * changed since the page was read is refused with 409, as the customer's terminate is.
 */
export const terminateSupplierSchema = z.object({
  serviceUnitId: requiredId('serviceUnitId'),
  accountId: requiredId('accountId'),
  version: z.number({ error: 'version is required' }).int().positive(),
  user: sentUser,
  userDetails: sentUser,
});

/**
 * admin/createSupplierUserInvite (spec 2 §3.3, §7). The supplier's name, the inviter and the
 * creation type are accepted as the console sends them; the server takes them from its own
 * records (the supplier and group rows, the signed-in admin).
 */
export const createSupplierUserInviteSchema = inviteUserFormSchema.extend({
  serviceUnit: z.object({ value: requiredId('serviceUnit.value'), label: z.string().max(300).nullish() }, { error: 'serviceUnit is required' }),
  accountId: requiredId('accountId'),
  supplierName: z.string().max(300).nullish(),
  invitedById: z.string().max(64).nullish(),
  supplierCreationType: z.string().max(50).nullish(),
  isAdmin: z.boolean({ error: 'isAdmin is required' }),
  user: sentUser,
});

/**
 * The supplier save (spec 2 §7: 'its path is not shown'; ours admin/saveSupplierDetails): the
 * form's values as supplierDetails (checked on the server with supplierFormSchema, the record's
 * version inside for an edit), the group's record id as accountId.
 */
export const saveSupplierSchema = z.object({
  supplierDetails: z.record(z.string(), z.unknown(), { error: 'supplierDetails is required' }),
  accountId: z.string({ error: 'Supplier Group Name is required' }).trim().max(64),
  user: sentUser,
});
export interface SaveSupplierResponse {
  success: true;
  serviceUnitId: string;
  version: number;
}

export type GetSupplierDetailsInput = z.infer<typeof getSupplierDetailsSchema>;
export type TerminateSupplierInput = z.infer<typeof terminateSupplierSchema>;

/**
 * The DI network terms save (spec 2 §7: 'path and response not shown'; ours
 * admin/saveSupplierDiNetworkTerms): the form's values as diNetworkTerms (checked on the server with
 * diTermsFormSchema), at the terms' version the page showed (null for the first terms).
 */
export const saveDiNetworkTermsSchema = z.object({
  serviceUnitId: requiredId('serviceUnitId'),
  accountId: requiredId('accountId'),
  version: z.number({ error: 'version is required' }).int().positive().nullable(),
  diNetworkTerms: z.record(z.string(), z.unknown(), { error: 'diNetworkTerms is required' }),
  name: z.string().max(300).nullish(),
  user: sentUser,
});
