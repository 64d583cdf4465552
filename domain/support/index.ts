/** The support area's values, rules and schemas (spec 3 §2.4, §3–§5, §8). */
export * from './users';
export * from './dashboard';
export * from './enquiryTools';
export * from './vehicleTools';
export * from './userTools';
export * from './categories';
export * from './externalCodes';
export * from './drivers';
export * from './groupLinks';
export * from './mail';
