/** Every queue of the product, created (or updated) when jobs start. Dead-letter queues come first. */
import type { QueueDef } from './boss';

export const QUEUES = {
  networkFailed: 'network-failed',
  networkExport: 'network-export',
  networkValidate: 'network-import-validate',
  networkPersist: 'network-import-persist',
  networkExportMail: 'network-export-mail',
} as const;

export const QUEUE_DEFS: readonly QueueDef[] = [
  { name: QUEUES.networkFailed, retryLimit: 5 },
  { name: QUEUES.networkExport, deadLetter: QUEUES.networkFailed },
  { name: QUEUES.networkValidate, deadLetter: QUEUES.networkFailed },
  { name: QUEUES.networkPersist, deadLetter: QUEUES.networkFailed },
  // A finished export stays SUCCESS (downloadable) even if its e-mail never goes: no dead letter.
  { name: QUEUES.networkExportMail },
];
