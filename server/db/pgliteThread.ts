import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { compiledPglite, type PgliteBackend, type PgliteOptions } from './pglite';
import { SessionGate } from './pgliteGate';
import { errorFrom, type Reply, type Request, type WorkerInit } from './pgliteProtocol';
import { watchWorker } from './pgliteWatchdog';
import { pgliteWorkerEntry } from './pgliteWorkerEntry';

/**
 * The embedded database in a worker thread of its own (pgliteWorker.ts). PGlite runs a statement
 * synchronously in WebAssembly; on the API's thread one slow statement held every request, health
 * checks and static files included. Here it holds only the requests waiting for the database.
 *
 * `client` stands in for PGlite where drizzle-orm/pglite and pg-boss drive it: query (rowMode and
 * parsers, the only options they pass), exec, transaction and listen.
 */
export interface PgliteThreadOptions extends PgliteOptions {
  /** Told once if the thread dies; every pending and later statement then fails. */
  onFailure?: (err: Error) => void;
}

/** A request before it is numbered. */
type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

type Pending = { resolve: (value: never) => void; reject: (err: Error) => void };

export interface PgliteThreadBackend extends PgliteBackend {
  /** The thread itself (tests stop it to see a failure handled). */
  thread: Worker;
}

export async function openPgliteWorker(opts: PgliteThreadOptions): Promise<PgliteThreadBackend> {
  const loadDataDir = opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined;
  const init: WorkerInit = { dataDir: opts.dataDir, compiled: await compiledPglite(), ...(loadDataDir ? { loadDataDir } : {}) };
  const worker = new Worker(await pgliteWorkerEntry(), { workerData: init, transferList: loadDataDir ? [loadDataDir] : [] });
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let failed: Error | undefined;
  let closing = false;
  let ready!: { resolve: () => void; reject: (err: Error) => void };
  const started = new Promise<void>((resolve, reject) => (ready = { resolve, reject }));
  const watchdog = watchWorker(worker);
  // Without a watchdog the thread is not opened (see below); nothing else waits for it then.
  const withWatchdog = (use: (w: Awaited<typeof watchdog>) => void) => void watchdog.then(use, () => undefined);

  const fail = (err: Error) => {
    if (failed) return;
    failed = err;
    ready.reject(err);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    withWatchdog((w) => w.close());
    if (!closing) opts.onFailure?.(err);
  };
  worker.on('error', (err) => fail(Object.assign(new Error(`The embedded database failed: ${err.message}`), { cause: err })));
  worker.on('exit', (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  worker.on('message', (m: Reply) => {
    if ('id' in m) {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (pending.size === 0) worker.unref();
      if ('error' in m) p?.reject(errorFrom(m.error));
      else p?.resolve(m.result as never);
    } else if ('channel' in m) {
      for (const listener of listeners.get(m.channel) ?? []) listener(m.payload);
    } else if ('arm' in m) {
      withWatchdog((w) => w.arm(m.arm, m.target, m.ms));
    } else if ('disarm' in m) {
      withWatchdog((w) => w.disarm(m.disarm));
    } else {
      ready.resolve();
    }
  });

  /** Posts at once (the thread keeps the order of what it is sent). */
  function send<T>(request: RequestBody): Promise<T> {
    if (failed) return Promise.reject(failed);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      // Like PGlite in-process, the thread keeps the process alive only while a statement is pending.
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject } as Pending);
      try {
        worker.postMessage({ ...request, id });
      } catch (err) {
        pending.delete(id);
        if (pending.size === 0) worker.unref();
        reject(err as Error);
      }
    });
  }

  async function query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    const { rowMode, parsers, ...other } = options ?? {};
    if (Object.keys(other).length > 0) throw new Error(`The embedded database's thread takes no query options but rowMode and parsers (got ${Object.keys(other).join(', ')})`);
    const textTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = await send<Results>({ op: 'query', text, params, rowMode, textTypes });
    if (parsers) parseAsAsked(result, parsers, rowMode === 'array');
    return result;
  }
  const exec = (text: string) => send<Results[]>({ op: 'exec', text });

  const gate = new SessionGate();
  const client = {
    query: (text: string, params?: unknown[], options?: QueryOptions) => gate.shared(() => query(text, params, options)),
    exec: (text: string) => gate.shared(() => exec(text)),
    transaction: <T>(callback: (tx: unknown) => Promise<T>) => gate.exclusive(() => inTransaction(callback)),
    listen,
  };

  /** As PGlite's own transaction(): BEGIN, the callback, then COMMIT, or ROLLBACK if it throws. */
  async function inTransaction<T>(callback: (tx: unknown) => Promise<T>): Promise<T> {
    await exec('BEGIN');
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: async (text: string, params?: unknown[], options?: QueryOptions) => (open(), query(text, params, options)),
      exec: async (text: string) => (open(), exec(text)),
      rollback: async () => {
        open();
        await exec('ROLLBACK');
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await callback(tx);
      if (!closed) {
        closed = true;
        await exec('COMMIT');
      }
      return result;
    } catch (err) {
      if (!closed) {
        closed = true;
        await exec('ROLLBACK');
      }
      throw err;
    }
  }

  async function listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = listeners.get(channel);
    if (!set) {
      listeners.set(channel, (set = new Set()));
      await gate.shared(() => send({ op: 'listen', channel }));
    }
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
      if (set.size === 0 && listeners.get(channel) === set) {
        listeners.delete(channel);
        await gate.shared(() => send({ op: 'unlisten', channel }));
      }
    };
  }

  try {
    await Promise.all([started, watchdog]);
    worker.unref();
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  return {
    thread: worker,
    client: client as unknown as PGlite,
    query: (text, params) => client.query(text, params),
    exec: client.exec,
    search: (text, params, ms) => gate.shared(() => send<Results>({ op: 'search', text, params, ms })),
    listen,
    dump: async () => new Blob([await gate.shared(() => send<ArrayBuffer>({ op: 'dump' }))]),
    async close() {
      if (closing) return;
      closing = true;
      // After whatever was asked before: the thread closes PGlite (flushing a data directory) and ends.
      await gate.shared(() => send({ op: 'close' })).catch(() => undefined);
      await worker.terminate();
      withWatchdog((w) => w.close());
    },
  };
}

/** Applies the caller's parsers, on this thread, to the values of their types (which came as text). */
function parseAsAsked(result: Results, parsers: NonNullable<QueryOptions['parsers']>, arrays: boolean): void {
  result.fields.forEach((field, i) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = arrays ? i : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      if (row[key] !== null && row[key] !== undefined) row[key] = (parse as (value: string, type: number) => unknown)(row[key] as string, field.dataTypeID);
    }
  });
}
