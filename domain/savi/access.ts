/**
 * Who may do what in the SAVi area (spec 3 §6), apart from its schemas: the entity declarations
 * (domain/resources) load with the console's first script and must not build zod schemas.
 */
import type { Guard } from '../permissions';

/** Spec 3 §6: the pay bill permission gates the Pay Bill row and page; EXPORT_TO_QUICKBOOKS its Export button. */
export const PAY_BILL_GUARD = { permission: 'PAY_BILL', action: 'view' } as const satisfies Guard;
/** Exporting adds a bill to the finance system: a change, so the permission's edit. */
export const EXPORT_TO_QUICKBOOKS_GUARD = { permission: 'EXPORT_TO_QUICKBOOKS', action: 'edit' } as const satisfies Guard;
