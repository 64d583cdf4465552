import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { localLedger } from './local';
import { quickBooksClient } from './quickbooks';
import type { FinanceSystem } from './system';

export type { FinanceSystem } from './system';
export { FinanceSystemError } from './system';

/** The finance system the configuration names (README "Finance system"): the local ledger unless FINANCE_SYSTEM=quickbooks. */
export function createFinanceSystem(config: Config, db: Db): FinanceSystem {
  return config.finance.system === 'quickbooks' && config.finance.quickbooks ? quickBooksClient(config.finance.quickbooks) : localLedger(db);
}
