import { SCHEDULED_JOBS } from '../../../domain/backgroundJobs';
import type { NightlyJob } from './runner';

// PLACEHOLDER: to be written.
export const invoiceExportJob: NightlyJob = {
  queue: SCHEDULED_JOBS.dailyInvoiceExport.queue,
  type: 'DAILY_INVOICE_EXPORT',
  name: SCHEDULED_JOBS.dailyInvoiceExport.label,
  leaseCompanies: async () => [],
  run: async () => {
    throw new Error('not built');
  },
};
