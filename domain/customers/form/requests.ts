/** The customer slugs' request envelopes (the details inside are checked by customerFormSchema). */
import { z } from 'zod';
import { requiredId } from '../../requestFields';

/** Record ids as the API takes them; an id that names no record is a 404, not a form error. */
export { isRecordId } from '../../common';

/** The envelope the server checks before picking the country's schema (customerDetails is checked by customerFormSchema). */
export const saveCustomerRequestSchema = z
  .object({
    customerDetails: z.looseObject({
      isNew: z.boolean({ error: 'isNew is required' }),
      version: z.number().int().positive().nullable().optional(),
      locale: z.string().optional(),
    }),
    leaseCompanyId: requiredId('leaseCompanyId').optional(),
    /** The console sends who saves; the server records the session's admin instead. */
    user: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.customerDetails.isNew) return;
    if (!v.leaseCompanyId) ctx.addIssue({ code: 'custom', path: ['leaseCompanyId'], message: 'leaseCompanyId is required' });
    if (!v.customerDetails.version) ctx.addIssue({ code: 'custom', path: ['customerDetails', 'version'], message: 'version is required' });
  });

export const leaseCompanyIdSchema = z.object({ leaseCompanyId: requiredId('leaseCompanyId'), user: z.unknown().optional() });
export const terminateCustomerSchema = leaseCompanyIdSchema.extend({
  version: z.number({ error: 'version is required' }).int().positive(),
});
export const uploadCustomerLogoSchema = z.object({
  leaseCompanyId: requiredId('leaseCompanyId').optional(),
  fileName: z.string({ error: 'File name is required' }).trim().min(1, 'File name is required').max(255),
  // 1 MB of body holds a logo many times over; the byte checks give the spec's messages.
  contentBase64: z.string({ error: 'Invalid file, please use a png file' }).max(1_000_000, 'Image file size should not be more than 100KB').regex(/^[A-Za-z0-9+/=\s]*$/, 'Invalid file, please use a png file'),
});
/** The members of admin/uploadCustomerLogo besides `contentBase64`: the server streams the file and checks these. */
export const uploadCustomerLogoFieldsSchema = uploadCustomerLogoSchema.omit({ contentBase64: true });
export const customerLogoQuerySchema = z.object({ fileId: requiredId('fileId') });
