/** The supplier area's domain: values, the details record and its display rules (spec 2 §2.1, §3.1). */
export * from './enums';
export * from './details';
export * from './requests';
export * from './terminate';
export * from './access';
export * from './escalation';
export * from './finance';
export * from './form';
export * from './networkTerms';
