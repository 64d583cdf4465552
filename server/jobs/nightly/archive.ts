import { SCHEDULED_JOBS } from '../../../domain/backgroundJobs';
import type { NightlyJob } from './runner';

// PLACEHOLDER: to be written.
export const archiveJob: NightlyJob = {
  queue: SCHEDULED_JOBS.enquiryArchive.queue,
  type: 'ENQUIRY_ARCHIVE',
  name: SCHEDULED_JOBS.enquiryArchive.label,
  leaseCompanies: async () => [],
  run: async () => {
    throw new Error('not built');
  },
};
