/** The Create / Edit Group form's domain (spec 2 §4, §5.3): values, labels, rules, defaults. */
export * from './values';
export * from './labels';
export * from './limits';
export * from './defaults';
export * from './schema';
export * from './conversions';
