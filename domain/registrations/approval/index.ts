/** The Add and Approve Supplier form (spec 2 §3.7, §4, §5.5). */
export * from './values';
export * from './rules';
export * from './schema';
export * from './conversions';
