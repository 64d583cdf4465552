import type { LeaseCompanyOption } from '../domain/processLogs';
import type { DataIo } from './routing';

/** The process logs page's lookups (spec 3 §2.2), as typed methods of the console's dataProvider. */
export interface ProcessLogCalls {
  /** Active lease companies whose name holds `text`, by name, 250 at most (spec 3 §9). */
  processLogCompanies(text: string, signal?: AbortSignal): Promise<LeaseCompanyOption[]>;
}

export function processLogCalls(io: DataIo): ProcessLogCalls {
  return {
    processLogCompanies: async (text, signal) =>
      ((await io.call('processLogs/getLeaseCompanies', { method: 'POST', body: text ? { q: text } : {}, signal, background: true })) as { data: LeaseCompanyOption[] }).data,
  };
}
