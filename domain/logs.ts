/** Process log values of spec 3 §2.2 and §3. */

export const PROCESS_LOG_TYPES = [
  'STOCK_IMPORT',
  'CONTRACT_TERMINATION',
  'DAILY_INVOICE_EXPORT',
  'BILLING_VALIDATION',
  'ENQUIRY_ARCHIVE',
  'SAVI_EXPORT',
  'NETWORK_IMPORT',
  'CREDIT_LIMIT_EXPORT',
] as const;
export type ProcessLogType = (typeof PROCESS_LOG_TYPES)[number];
export const PROCESS_LOG_STATES = ['RUNNING', 'COMPLETED', 'PAUSED'] as const;
export type ProcessLogState = (typeof PROCESS_LOG_STATES)[number];
/** The four counters of the process logs page. */
export const PROCESS_LOG_OUTCOMES = ['success', 'failed', 'warning', 'pending'] as const;
