/**
 * The thread that owns an embedded database (see pgliteThread.ts, which starts it). It runs the
 * requests of the main thread one after the other, in the order sent: PGlite has one session, and
 * a transaction's statements must follow its BEGIN with nothing else in between.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { QueryOptions } from '@electric-sql/pglite';
import { openPgliteHere, type PgliteBackend } from './pglite';
import type { Request, Reply, WorkerInit } from './pgliteProtocol';
import { errorFields } from './pgliteProtocol';

const port = parentPort!;
const init = workerData as WorkerInit;
const post = (m: Reply, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);

// The deadlines of searches are timed on the main thread, which this thread cannot be while a statement runs.
const backend: PgliteBackend = await openPgliteHere(
  { dataDir: init.dataDir, compiled: init.compiled, ...(init.loadDataDir ? { loadDataDir: new Blob([init.loadDataDir]) } : {}) },
  { arm: (deadline, target, ms) => post({ arm: deadline, target, ms }), disarm: (deadline) => post({ disarm: deadline }) },
);
const listening = new Map<string, () => Promise<void>>();

/** Parser functions cannot be sent between threads: the types the caller parses itself arrive as text. */
function optionsOf(r: Extract<Request, { op: 'query' }>): QueryOptions | undefined {
  if (!r.rowMode && !r.textTypes) return undefined;
  const parsers = Object.fromEntries((r.textTypes ?? []).map((oid) => [oid, (value: string) => value]));
  return { ...(r.rowMode ? { rowMode: r.rowMode } : {}), parsers };
}

async function handle(r: Request): Promise<void> {
  try {
    switch (r.op) {
      case 'query':
        return post({ id: r.id, result: await backend.query(r.text, r.params, optionsOf(r)) });
      case 'exec':
        return post({ id: r.id, result: await backend.exec(r.text) });
      case 'search':
        return post({ id: r.id, result: await backend.search(r.text, r.params, r.ms) });
      case 'listen':
        if (!listening.has(r.channel)) listening.set(r.channel, await backend.listen(r.channel, (payload) => post({ channel: r.channel, payload })));
        return post({ id: r.id, result: null });
      case 'unlisten':
        await listening.get(r.channel)?.();
        listening.delete(r.channel);
        return post({ id: r.id, result: null });
      case 'dump': {
        const buffer = await (await backend.dump()).arrayBuffer();
        return post({ id: r.id, result: buffer }, [buffer]);
      }
      case 'close':
        await backend.close();
        post({ id: r.id, result: null });
        return port.close();
    }
  } catch (err) {
    post({ id: r.id, error: errorFields(err) });
  }
}

let queue = Promise.resolve();
port.on('message', (r: Request) => {
  queue = queue.then(() => handle(r));
});
post({ ready: true });
