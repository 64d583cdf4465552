/** Every queue of the product, created (or updated) when jobs start. Dead-letter queues come first. */
import type { QueueDef } from './boss';

export const QUEUES = {
  networkFailed: 'network-failed',
  networkExport: 'network-export',
  networkValidate: 'network-import-validate',
  networkPersist: 'network-import-persist',
  networkExportMail: 'network-export-mail',
  filesCleanup: 'files-cleanup',
} as const;

/** When the files clean-up runs (UTC): every hour, at 17 minutes past. */
export const FILES_CLEANUP_CRON = '17 * * * *';

export const QUEUE_DEFS: readonly QueueDef[] = [
  { name: QUEUES.networkFailed, retryLimit: 5 },
  { name: QUEUES.networkExport, deadLetter: QUEUES.networkFailed },
  { name: QUEUES.networkValidate, deadLetter: QUEUES.networkFailed },
  { name: QUEUES.networkPersist, deadLetter: QUEUES.networkFailed },
  // A finished export stays SUCCESS (downloadable) even if its e-mail never goes: no dead letter.
  { name: QUEUES.networkExportMail },
  // Idempotent and scheduled: a failed run is simply tried again at the next hour.
  { name: QUEUES.filesCleanup },
];
