import { z } from 'zod';

/** An id the call names its record by: required, at most 64 characters (a record id is a uuid). */
const idOf = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(64);
/** Who acts, as the original's payloads send it; the server records the session's admin instead. */
const sentUser = z.unknown().optional();

/** supplier/getSupplierDetails (spec 2 §7): the group's and the supplier's ids. */
export const getSupplierDetailsSchema = z.object({ accountObjectId: idOf('accountObjectId'), serviceUnitId: idOf('serviceUnitId') });

/**
 * admin/terminateSupplierUnit (spec 2 §7), with the version the page shows (ours): a supplier
 * changed since the page was read is refused with 409, as the customer's terminate is.
 */
export const terminateSupplierSchema = z.object({
  serviceUnitId: idOf('serviceUnitId'),
  accountId: idOf('accountId'),
  version: z.number({ error: 'version is required' }).int().positive(),
  user: sentUser,
  userDetails: sentUser,
});

export type GetSupplierDetailsInput = z.infer<typeof getSupplierDetailsSchema>;
export type TerminateSupplierInput = z.infer<typeof terminateSupplierSchema>;
