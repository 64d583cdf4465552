/** Every queue of the product, created (or updated) when jobs start. Dead-letter queues come first. */
import type { QueueDef } from './boss';

export const QUEUES = {
  networkFailed: 'network-failed',
  networkExport: 'network-export',
  networkValidate: 'network-import-validate',
  networkPersist: 'network-import-persist',
} as const;

export const QUEUE_DEFS: readonly QueueDef[] = [
  { name: QUEUES.networkFailed, retryLimit: 5 },
  { name: QUEUES.networkExport, deadLetter: QUEUES.networkFailed },
  { name: QUEUES.networkValidate, deadLetter: QUEUES.networkFailed },
  { name: QUEUES.networkPersist, deadLetter: QUEUES.networkFailed },
];
