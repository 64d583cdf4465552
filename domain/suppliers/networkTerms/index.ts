/** DI network terms (spec 2 §3.5, §4, §5.4): values, labels, rate slots, the form's rules and conversions. */
export * from './values';
export * from './labels';
export * from './slots';
export * from './schema';
export * from './conversions';
export * from './format';
