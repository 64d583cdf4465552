/** Every queue of the product, created (or updated) when jobs start. Dead-letter queues come first. */
import { SCHEDULED_JOBS } from '../../domain/backgroundJobs';
import type { QueueDef } from './boss';

export const QUEUES = {
  networkFailed: 'network-failed',
  networkExport: 'network-export',
  networkValidate: 'network-import-validate',
  networkPersist: 'network-import-persist',
  networkExportMail: 'network-export-mail',
  filesCleanup: SCHEDULED_JOBS.filesCleanup.queue,
  idempotencyKeysCleanup: SCHEDULED_JOBS.idempotencyKeysCleanup.queue,
  searchPrefixes: SCHEDULED_JOBS.searchPrefixes.queue,
  creditLimitExport: 'savi-credit-limit-export',
  fileValidationFailed: 'file-validation-failed',
  fileValidation: 'file-validation',
  saviStatement: SCHEDULED_JOBS.saviStatement.queue,
  contractImport: SCHEDULED_JOBS.contractImport.queue,
  dailyInvoiceExport: SCHEDULED_JOBS.dailyInvoiceExport.queue,
  enquiryArchive: SCHEDULED_JOBS.enquiryArchive.queue,
  billingValidation: SCHEDULED_JOBS.billingValidation.queue,
} as const;

export const QUEUE_DEFS: readonly QueueDef[] = [
  { name: QUEUES.networkFailed, retryLimit: 5 },
  { name: QUEUES.fileValidationFailed, retryLimit: 5 },
  { name: QUEUES.networkExport, deadLetter: QUEUES.networkFailed },
  { name: QUEUES.networkValidate, deadLetter: QUEUES.networkFailed },
  { name: QUEUES.networkPersist, deadLetter: QUEUES.networkFailed },
  // A validation that fails for good is recorded on its report ('Error') by the dead-letter worker.
  { name: QUEUES.fileValidation, deadLetter: QUEUES.fileValidationFailed },
  // A finished export stays SUCCESS (downloadable) even if its e-mail never goes: no dead letter.
  { name: QUEUES.networkExportMail },
  // Idempotent and scheduled: a failed run is simply tried again at the next hour.
  { name: QUEUES.filesCleanup },
  { name: QUEUES.idempotencyKeysCleanup },
  { name: QUEUES.searchPrefixes },
  // A request answered at once: a failure is retried a few times, then shows on the jobs screen.
  { name: QUEUES.creditLimitExport, retryLimit: 3 },
  // One statement per week (the job checks): a failed run is recorded, and may be run again on demand.
  { name: QUEUES.saviStatement, retryLimit: 2 },
  // Nightly, resumable from their checkpoints: a killed run is taken up again when it expires.
  { name: QUEUES.contractImport, retryLimit: 2, nightly: true },
  { name: QUEUES.dailyInvoiceExport, retryLimit: 2, nightly: true },
  { name: QUEUES.enquiryArchive, retryLimit: 2, nightly: true },
  { name: QUEUES.billingValidation, retryLimit: 2, nightly: true },
];
