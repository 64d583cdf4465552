/** The group area's domain (spec 2 §2.2, §3.4, §4, §5.3, §6). */
export * from './enums';
export * from './access';
export * from './details';
export * from './requests';
export * from './sameAs';
export * from './form';
