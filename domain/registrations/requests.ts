import { z } from 'zod';
import { requiredId } from '../requestFields';
import { REGISTRATION_MESSAGES, REJECT_REASON_MAX } from './details';

const sentUser = z.unknown().optional();

/** eOnBoarding/getERegistrationDetails (spec 2 §7). */
export const registrationDetailsSchema = z.object({ inviteId: requiredId('inviteId') });

/** The Reject drawer's reason (spec 2 §5.5): required, at most 200. */
export const rejectReasonSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: REGISTRATION_MESSAGES.reasonRequired }).min(1, REGISTRATION_MESSAGES.reasonRequired).max(REJECT_REASON_MAX, REGISTRATION_MESSAGES.reasonNotValid),
);
export const rejectFormSchema = z.object({ reasonForRejection: rejectReasonSchema });
export type RejectForm = z.input<typeof rejectFormSchema>;

/** eOnBoarding/rejectSupplier (spec 2 §7), at the registration's version the page showed (ours). */
export const rejectSupplierSchema = z.object({
  inviteId: requiredId('inviteId'),
  version: z.number({ error: 'version is required' }).int().positive(),
  rejectData: z.object({ reasonForRejection: rejectReasonSchema, status: z.literal('rejected', { error: 'status must be rejected' }), email: z.string().max(320).nullish() }, { error: 'rejectData is required' }),
});

/** eOnBoarding/approveSupplier (spec 2 §7): the form's values as supplierData, checked on the server. */
export const approveSupplierSchema = z.object({
  inviteId: requiredId('inviteId'),
  version: z.number({ error: 'version is required' }).int().positive(),
  supplierData: z.record(z.string(), z.unknown(), { error: 'supplierData is required' }),
  user: sentUser,
});
export interface ApproveSupplierResponse {
  success: true;
  serviceUnitId: string;
  accountObjectId: string;
}
