/**
 * The retailer (third-party payment platform) mapping of a customer (spec 1 §3 "Retailer
 * integration config", §5 "Retailer config"): its save request, with the form's field rules.
 */
import { z } from 'zod';
import { retailerConfigSchema } from './form';

/** Spec 1 §2 gives no width for this drawer: 600, like the other single-form drawers (ours). */
export const RETAILER_DRAWER_WIDTH = 600;

/** Labels of the two fields, as the drawer shows them. */
export const RETAILER_FIELD_LABELS = { custCust: 'Customer name', mappingId: 'Mapping ID' } as const;

/** admin/saveRetailerConfig (ours): the mapping at the version the user saw. */
export const saveRetailerConfigSchema = z.object({
  leaseCompanyId: z.string({ error: 'leaseCompanyId is required' }).trim().min(1, 'leaseCompanyId is required').max(64),
  version: z.number({ error: 'version is required' }).int().positive(),
  retailerConfig: retailerConfigSchema,
});
export type SaveRetailerConfigInput = z.infer<typeof saveRetailerConfigSchema>;
