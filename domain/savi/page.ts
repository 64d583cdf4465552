import type { Guard } from '../permissions';
import { DI_NETWORK_GUARD } from '../resources/savi';
import { PAY_BILL_GUARD } from './access';

/** What a row of the SAVi page does: open a page of the area, open the paybill drawer, or request the credit limit e-mail. */
export type SaviRowAction = { kind: 'page'; path: string } | { kind: 'paybillDrawer' } | { kind: 'creditLimitEmail' };

export interface SaviRow {
  label: string;
  /** The button's text (spec 3 §2.1). */
  button: 'View' | 'EDIT' | 'Email';
  action: SaviRowAction;
  /** The row is listed only with this permission; null: always (spec 3 §2.1 "none shown"). */
  guard: Guard | null;
}

/** The SAVi page's six rows, in the spec's order (spec 3 §2.1). */
export const SAVI_ROWS: readonly SaviRow[] = [
  { label: 'DI Network import', button: 'View', action: { kind: 'page', path: 'di-network' }, guard: DI_NETWORK_GUARD },
  { label: 'DI Network export', button: 'View', action: { kind: 'page', path: 'di-network-export' }, guard: DI_NETWORK_GUARD },
  { label: 'Paybill Address and Footer', button: 'EDIT', action: { kind: 'paybillDrawer' }, guard: null },
  { label: 'SAVi Statements (weekly)', button: 'View', action: { kind: 'page', path: 'savi-exports-List' }, guard: null },
  { label: 'Credit Limit Export', button: 'Email', action: { kind: 'creditLimitEmail' }, guard: null },
  { label: 'Pay Bill', button: 'View', action: { kind: 'page', path: 'pay-bill' }, guard: PAY_BILL_GUARD },
];
