/** The network's tables, one module per area; server/db/schema.ts re-exports them. */
export * from './files';
export * from './customers';
export * from './groups';
export * from './suppliers';
export * from './registrations';
export * from './integrations';
export * from './documents';
export * from './billing';
export * from './users';
export * from './network';
export * from './fleet';
export * from './enquiries';
export * from './finance';
export * from './logs';
export * from './support';
export * from './contractImport';
