/**
 * The customer form (spec 1 §5) for the UK and the Irish variant: its values, labels, defaults,
 * one zod schema per country (used by the console form and again by admin/saveLeaseCompanyDetails),
 * and the conversions to and from the details record and the save payload.
 *
 * The schema only validates: it never rewrites values. Trimming, postcode compaction and phone
 * normalisation happen in normalizeCustomerForm, which toSaveInput and the server both apply.
 * Each field gets at most one message, in the order required, length, pattern.
 */
export * from '../../country';
export * from './values';
export * from './labels';
export * from './limits';
export * from './schema';
export * from './defaults';
export * from './conversions';
export * from './requests';
