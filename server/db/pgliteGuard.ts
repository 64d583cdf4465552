import { isMainThread, Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Two protections PGlite lacks, on the embedded database only.
 *
 * 1. Native stack exhaustion. PostgreSQL recurses through deep expressions (a search with hundreds
 *    of words once built `a + b + … ` 900 terms deep). In WebAssembly each C frame also uses V8's
 *    native stack, which PostgreSQL's own check_stack_depth() cannot see, so V8 throws a RangeError
 *    in the middle of the statement. PGlite's protocol loop swallows every exception that is not
 *    PostgreSQL's error longjmp and carries on without running PostgreSQL's error recovery: the
 *    statement "succeeds" with no rows, the transaction stays open, and PG_exception_stack still
 *    points into the frames the RangeError unwound. The next statement that raises any ERROR
 *    longjmps there and loops for ever: one core at 100%, no event loop, SIGTERM never handled.
 *    The fix is to treat the RangeError as the ERROR it stands for and run the same recovery
 *    (`_PostgresMainLongJmp`, what PGlite does after a real ERROR); the statement then fails with
 *    SQLSTATE 54001 and the connection is usable again.
 *
 * 2. Statement timeouts. PostgreSQL cancels a statement by a signal handler setting
 *    QueryCancelPending and InterruptPending, which the executor checks at safe points. PGlite runs
 *    on one thread, so no timer fires there while a statement runs. A watchdog on another thread
 *    instead asks V8's inspector (in-process, no port) to run a tiny function on PGlite's thread at
 *    its next interrupt check, even inside WebAssembly; the function sets those two flags exactly as
 *    the signal handler would, and PostgreSQL cancels the statement itself with SQLSTATE 57014 at
 *    its next check. The flags are only set while the statement that asked for the deadline is the
 *    one executing (its text carries a marker read from debug_query_string), so a late timer never
 *    cancels another one. With PGlite on the main thread the watchdog is a worker of its own (an
 *    inspector session in a worker can reach only the main thread); with PGlite in a worker
 *    (pgliteThread.ts) the main thread keeps the timers and reaches the worker through the
 *    inspector's NodeWorker domain.
 *
 * Both rely on symbols of the pinned @electric-sql/pglite 0.5.16 build; tests/api/pglite-guard
 * fails if an upgrade removes them.
 */

interface PostgresModule {
  // A WebAssembly.Memory; only its buffer is read.
  wasmMemory: { buffer: ArrayBuffer };
  UTF8ToString(ptr: number, maxBytes?: number): string;
  stackSave(): number;
  stackRestore(ptr: number): void;
  _PostgresMainLoopOnce(): void;
  _PostgresMainLongJmp(): void;
  _InterruptPending: number;
  _QueryCancelPending: number;
  _debug_query_string: number;
}

export const STACK_DEPTH_EXCEEDED = '54001';

/** The error a statement fails with when it exhausted the native stack. */
export class StatementTooComplexError extends Error {
  readonly code = STACK_DEPTH_EXCEEDED;
  constructor() {
    super('stack depth limit exceeded: the statement is too deeply nested');
  }
}

function moduleOf(client: PGlite): PostgresModule {
  const mod = (client as unknown as { mod?: PostgresModule }).mod;
  const missing = ['stackSave', 'stackRestore', '_PostgresMainLoopOnce', '_PostgresMainLongJmp', '_InterruptPending', '_QueryCancelPending', '_debug_query_string', 'wasmMemory', 'UTF8ToString'].filter(
    (k) => mod?.[k as keyof PostgresModule] === undefined,
  );
  if (!mod || missing.length) throw new Error(`This PGlite build lacks ${missing.join(', ') || 'its module'}; the statement guard needs them.`);
  return mod;
}

const DEADLINE_MARK = '/*deadline:';

/** What openDatabase uses on PGlite. */
export interface PgliteGuard {
  /**
   * Runs a statement (`text` as given to run) that PostgreSQL cancels with 57014 once it has run
   * `ms` milliseconds. `run` receives the text with its marker comment prepended.
   */
  withDeadline<T>(text: string, ms: number, run: (markedText: string) => Promise<T>): Promise<T>;
  /** True once a statement hit the native stack limit since the last call (then resets). */
  takeStackOverflow(): boolean;
  close(): void;
}

/** Where the guard's deadlines are timed: on another thread, which runs `cancelExpression` on PGlite's when one expires. */
export interface Watchdog {
  arm(deadline: string, target: number, ms: number): void;
  disarm(deadline: string): void;
}

/** What the watchdog evaluates on PGlite's thread when `deadline` of database `target` expires. */
export function cancelExpression(target: number, deadline: string): string {
  return `globalThis[Symbol.for("fleet-console.pglite-cancel")](${target}, ${JSON.stringify(deadline)})`;
}

/** `watchdog`: by default a watchdog thread of this process, which only the main thread can use. */
export function guardPglite(client: PGlite, watchdog: Watchdog | null = localWatchdog()): PgliteGuard {
  const mod = moduleOf(client);
  let overflowed = false;
  const step = mod._PostgresMainLoopOnce.bind(mod);
  mod._PostgresMainLoopOnce = () => {
    const sp = mod.stackSave();
    try {
      step();
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      // The unwound frames never restored the C stack pointer; PGlite does the same after a longjmp.
      mod.stackRestore(sp);
      overflowed = true;
      mod._PostgresMainLongJmp();
    }
  };

  const id = nextId++;
  const fired = new Set<string>();
  const flag = (address: number, value: number) => new DataView(mod.wasmMemory.buffer).setInt32(address, value, true);
  targets.set(id, (deadline) => {
    const ptr = new DataView(mod.wasmMemory.buffer).getUint32(mod._debug_query_string, true);
    if (ptr === 0 || !mod.UTF8ToString(ptr, 64).startsWith(`${DEADLINE_MARK}${deadline}*/`)) return;
    fired.add(deadline);
    flag(mod._QueryCancelPending, 1);
    flag(mod._InterruptPending, 1);
  });

  return {
    async withDeadline(text, ms, run) {
      if (!watchdog) return run(text);
      const deadline = `${id}.${nextDeadline++}`;
      watchdog.arm(deadline, id, ms);
      try {
        return await run(`${DEADLINE_MARK}${deadline}*/ ${text}`);
      } finally {
        watchdog.disarm(deadline);
        // Set just as the statement ended, the flag would cancel whichever statement runs next.
        if (fired.delete(deadline)) flag(mod._QueryCancelPending, 0);
      }
    },
    takeStackOverflow() {
      const was = overflowed;
      overflowed = false;
      return was;
    },
    close() {
      targets.delete(id);
      if (targets.size === 0) stopWatchdog();
    },
  };
}

// One watchdog thread per process serves every open PGlite database.
let nextId = 1;
let nextDeadline = 1;
const targets = new Map<number, (deadline: string) => void>();
const CALLBACK = Symbol.for('fleet-console.pglite-cancel');
let worker: Worker | null | undefined;

/** Sets the cancel flags of database `target` if its statement `deadline` is still executing. */
(globalThis as Record<symbol, unknown>)[CALLBACK] = (target: number, deadline: string) => targets.get(target)?.(deadline);

const WATCHDOG_SOURCE = `
const { parentPort } = require('node:worker_threads');
const inspector = require('node:inspector');
const session = new inspector.Session();
session.connectToMainThread();
const timers = new Map();
parentPort.on('message', (m) => {
  if (m.arm) {
    timers.set(m.arm, setTimeout(() => {
      timers.delete(m.arm);
      session.post('Runtime.evaluate', { expression: m.expression }, () => {});
    }, m.ms));
  } else if (m.disarm) {
    clearTimeout(timers.get(m.disarm));
    timers.delete(m.disarm);
  } else if (m.stop) {
    for (const t of timers.values()) clearTimeout(t);
    session.disconnect();
    parentPort.close();
  }
});
`;

/**
 * The inspector can only reach the main thread from a worker; PGlite opened in another worker
 * thread without a watchdog of its own gets no deadline. Started on first use.
 */
function watchdogThread(): Worker | null {
  if (worker === undefined) {
    worker = isMainThread ? new Worker(WATCHDOG_SOURCE, { eval: true }) : null;
    worker?.unref();
  }
  return worker;
}

function localWatchdog(): Watchdog | null {
  if (!isMainThread) return null;
  return {
    arm: (deadline, target, ms) => watchdogThread()?.postMessage({ arm: deadline, expression: cancelExpression(target, deadline), ms }),
    disarm: (deadline) => watchdogThread()?.postMessage({ disarm: deadline }),
  };
}

function stopWatchdog(): void {
  worker?.postMessage({ stop: true });
  worker = undefined;
}
