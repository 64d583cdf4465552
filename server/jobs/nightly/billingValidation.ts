import { SCHEDULED_JOBS } from '../../../domain/backgroundJobs';
import type { NightlyJob } from './runner';

// PLACEHOLDER: to be written.
export const billingValidationJob: NightlyJob = {
  queue: SCHEDULED_JOBS.billingValidation.queue,
  type: 'BILLING_VALIDATION',
  name: SCHEDULED_JOBS.billingValidation.label,
  leaseCompanies: async () => [],
  run: async () => {
    throw new Error('not built');
  },
};
