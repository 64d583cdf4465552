import inspector from 'node:inspector';
import type { Worker } from 'node:worker_threads';
import { cancelExpression } from './pgliteGuard';

/**
 * The deadlines of the PGlite in a worker thread (pgliteGuard.ts explains them), timed here on the
 * main thread. When one expires, the inspector's NodeWorker domain has the worker run the guard's
 * cancel function at its next interrupt check, even in the middle of a WebAssembly statement.
 * One inspector session serves every such worker of the process.
 */
export interface WorkerWatchdog {
  arm(deadline: string, target: number, ms: number): void;
  disarm(deadline: string): void;
  close(): void;
}

let session: inspector.Session | undefined;
/** Inspector session ids of attached workers, by thread id. */
const attached = new Map<number, string>();
const waiting = new Map<number, () => void>();
let watched = 0;
const ATTACH_TIMEOUT_MS = 30_000;

function post(method: string, params: object): Promise<void> {
  return new Promise((resolve, reject) => session!.post(method, params, (err) => (err ? reject(err) : resolve())));
}

async function connect(): Promise<void> {
  if (session) return;
  session = new inspector.Session();
  session.connect();
  session.on('NodeWorker.attachedToWorker', ({ params }) => {
    // workerId counts per session; the title names the thread, as Node titles an unnamed worker.
    const threadId = Number(/^\[worker (\d+)\]$/.exec(params.workerInfo.title)?.[1]);
    attached.set(threadId, params.sessionId);
    waiting.get(threadId)?.();
  });
  session.on('NodeWorker.detachedFromWorker', ({ params }) => {
    for (const [threadId, id] of attached) if (id === params.sessionId) attached.delete(threadId);
  });
  await post('NodeWorker.enable', { waitForDebuggerOnStart: false });
}

/** Resolves once the inspector reaches `worker`, so that no deadline armed after it is missed. */
export async function watchWorker(worker: Worker): Promise<WorkerWatchdog> {
  watched++;
  await connect();
  const threadId = worker.threadId;
  if (!attached.has(threadId)) {
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        waiting.set(threadId, resolve);
        timer = setTimeout(() => reject(new Error(`The inspector did not reach the embedded database's thread ${threadId}: its statements could not be given deadlines`)), ATTACH_TIMEOUT_MS);
      });
    } finally {
      clearTimeout(timer);
      waiting.delete(threadId);
    }
  }
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;
  return {
    arm(deadline, target, ms) {
      const timer = setTimeout(() => {
        timers.delete(deadline);
        const sessionId = attached.get(threadId);
        if (!sessionId) return;
        const message = JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression: cancelExpression(target, deadline) } });
        session?.post('NodeWorker.sendMessageToWorker', { sessionId, message }, () => undefined);
      }, ms);
      timer.unref();
      timers.set(deadline, timer);
    },
    disarm(deadline) {
      clearTimeout(timers.get(deadline));
      timers.delete(deadline);
    },
    close() {
      if (closed) return;
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      attached.delete(threadId);
      if (--watched === 0 && session) {
        session.disconnect();
        session = undefined;
        attached.clear();
      }
    },
  };
}
