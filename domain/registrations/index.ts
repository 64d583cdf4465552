/** The e-registration area's domain (spec 2 §2.3, §3.7, §4, §5.5). */
export * from './enums';
export * from './details';
export * from './requests';
export * from './approval';
