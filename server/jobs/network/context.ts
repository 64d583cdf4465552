/** What the network jobs share: services, optional test checkpoints, and small helpers. */
import type { Services } from '../../services';
import type { JobInfo } from '../boss';

/**
 * Named points inside a job (e.g. 'persist:applied', inside the transaction just before it
 * commits). The crash test stops a worker process at one of them; in the product they do nothing.
 */
export interface JobHooks {
  checkpoint?(point: string, job: JobInfo): Promise<void>;
}

export interface NetworkJobContext {
  services: Services;
  hooks: JobHooks;
}

/** A failure that retrying cannot fix (missing file, file no longer valid): recorded, not retried. */
export class PermanentJobError extends Error {}

/** The day (YYYY-MM-DD, UTC) by the services' clock: bounds audit dates. */
export function todayOf(services: Services): string {
  return services.clock.now().toISOString().slice(0, 10);
}

/** 'network.csv' → 'network-log.csv' */
export function logFileName(fileName: string): string {
  return `${fileName.replace(/\.csv$/i, '')}-log.csv`;
}

/** What a job sends to the dead-letter queue and reads back: which record it worked on. */
export type NetworkJobData =
  | { kind: 'validate'; importId: string; adminId: string | null }
  | { kind: 'persist'; importId: string; adminId: string | null; person: { firstname: string; lastname: string; email?: string | null } }
  | { kind: 'export'; exportId: string; adminId: string | null };
