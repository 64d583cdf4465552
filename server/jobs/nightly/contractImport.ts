import { SCHEDULED_JOBS } from '../../../domain/backgroundJobs';
import type { NightlyJob } from './runner';

// PLACEHOLDER: to be written.
export const contractImportJob: NightlyJob = {
  queue: SCHEDULED_JOBS.contractImport.queue,
  type: 'STOCK_IMPORT',
  name: SCHEDULED_JOBS.contractImport.label,
  leaseCompanies: async () => [],
  run: async () => {
    throw new Error('not built');
  },
};
