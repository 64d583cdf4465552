/** The messages between an embedded database's thread (pgliteWorker.ts) and the main thread (pgliteThread.ts). */
import type { Results } from '@electric-sql/pglite';
import type { CompiledPglite } from './pglite';

export interface WorkerInit {
  dataDir: string;
  loadDataDir?: ArrayBuffer;
  compiled: CompiledPglite;
}

export type Request =
  | { id: number; op: 'query'; text: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[] }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'search'; text: string; params: unknown[]; ms: number }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'dump' | 'close' };

export type Reply =
  | { id: number; result: Results | Results[] | ArrayBuffer | null }
  | { id: number; error: ErrorFields }
  | { channel: string; payload: string }
  | { arm: string; target: number; ms: number }
  | { disarm: string }
  | { ready: true };

/** An error as plain data: structured cloning keeps an Error's message but drops `code`, `detail`, `constraint`… */
export type ErrorFields = Record<string, unknown> & { message: string; name: string };

export function errorFields(err: unknown): ErrorFields {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const fields: ErrorFields = { name: err.name, message: err.message, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    // The failed statement's options may hold functions (parsers), which cannot be cloned.
    if (typeof value !== 'function' && key !== 'queryOptions') fields[key] = value;
  }
  return fields;
}

/** The error again, on the receiving side, with the fields callers read (`code`, `constraint`…). */
export function errorFrom(fields: ErrorFields): Error {
  const { name, message, stack, ...rest } = fields;
  const err = Object.assign(new Error(message), rest);
  if (name !== 'Error') Object.defineProperty(err, 'name', { value: name, configurable: true, writable: true });
  // The worker's stack says where the database failed; the caller's says who asked.
  err.stack = `${err.stack}\n    --- in the database thread ---\n${String(stack).split('\n').slice(1).join('\n')}`;
  return err;
}
