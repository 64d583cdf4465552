
/** What a row of the SAVi page does: open a page of the area, open the paybill drawer, or request the credit limit e-mail. */
export type SaviRowAction = { kind: 'page'; path: string } | { kind: 'paybillDrawer' } | { kind: 'creditLimitEmail' };

export interface SaviRow {
  label: string;
  /** The button's text (spec 3 §2.1). */
  button: 'View' | 'EDIT' | 'Email';
  action: SaviRowAction;
  /** The row is listed only when this action of the SAVi area is allowed (domain/resources/savi.ts); null: always (spec 3 §2.1 "none shown"). */
  access: 'network' | 'payBill' | null;
}

/** The SAVi page's six rows, in the spec's order (spec 3 §2.1). */
export const SAVI_ROWS: readonly SaviRow[] = [
  { label: 'DI Network import', button: 'View', action: { kind: 'page', path: 'di-network' }, access: 'network' },
  { label: 'DI Network export', button: 'View', action: { kind: 'page', path: 'di-network-export' }, access: 'network' },
  { label: 'Paybill Address and Footer', button: 'EDIT', action: { kind: 'paybillDrawer' }, access: null },
  { label: 'SAVi Statements (weekly)', button: 'View', action: { kind: 'page', path: 'savi-exports-List' }, access: null },
  { label: 'Credit Limit Export', button: 'Email', action: { kind: 'creditLimitEmail' }, access: null },
  { label: 'Pay Bill', button: 'View', action: { kind: 'page', path: 'pay-bill' }, access: 'payBill' },
];
