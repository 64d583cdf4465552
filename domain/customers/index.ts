/** The customer (lease company) area's shared rules: enums and record types, form and schema, dependencies, fees, details. */
export * from './enums';
export * from './details';
export * from '../fees';
export * from './form';
export * from './rules';
export * from './logo';
export * from './users';
export * from './webhooks';
export * from './retailer';
export * from './webLink';
export * from './access';
