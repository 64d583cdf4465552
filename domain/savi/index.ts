/** The SAVi (finance export) area of spec 3 §2.1: its page, paybill address, statements, credit limits and pay bill. */
export * from './page';
export * from './access';
export * from './paybillRecord';
export * from './paybillAddress';
export * from './payBill';
export * from './statements';
export * from './creditLimit';
