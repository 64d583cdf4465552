import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions, type QueryOptions, type Results } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { guardPglite, StatementTooComplexError, type Watchdog } from './pgliteGuard';

/** What openDatabase needs of an embedded database, wherever its PGlite runs. */
export interface PgliteBackend {
  /** What drizzle-orm/pglite and pg-boss drive: PGlite itself, or a stand-in with its query, exec, transaction and listen. */
  client: PGlite;
  /** A statement whose stack exhaustion fails with StatementTooComplexError (54001). */
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  /** Statements without parameters, several allowed (pg-boss's scripts); the same error as query. */
  exec(text: string): Promise<Results[]>;
  /** A statement PostgreSQL cancels with 57014 once it ran `ms` milliseconds. */
  search(text: string, params: unknown[], ms: number): Promise<Results>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PgliteOptions {
  dataDir: string;
  loadDataDir?: Blob;
  /** PGlite's WebAssembly compiled once for every database of the process (see compiledPglite). */
  compiled?: CompiledPglite;
}

/** What PGlite otherwise reads and compiles anew for each database. */
export interface CompiledPglite {
  pgliteWasmModule: WasmModule;
  initdbWasmModule: WasmModule;
  fsBundle: ArrayBuffer;
}

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
// The server's TypeScript settings know no WebAssembly global (no DOM library).
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } };

let compiled: Promise<CompiledPglite> | undefined;

/**
 * PGlite's WebAssembly compiled once per process. A compiled module can be sent to a worker thread,
 * which then starts with the machine code (optimised code included) instead of 9 MB to compile.
 */
export function compiledPglite(): Promise<CompiledPglite> {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const read = (name: string) => fs.promises.readFile(path.join(dist, name));
    const [pglite, initdb, bundle] = await Promise.all([read('pglite.wasm'), read('initdb.wasm'), read('pglite.data')]);
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([wasm.compile(pglite), wasm.compile(initdb)]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: bundle.buffer.slice(bundle.byteOffset, bundle.byteOffset + bundle.byteLength) as ArrayBuffer };
  })();
  return compiled;
}

/** Opens PGlite on the calling thread, guarded (pgliteGuard.ts) with `watchdog` timing its deadlines. */
export async function openPgliteHere(opts: PgliteOptions, watchdog?: Watchdog | null): Promise<PgliteBackend> {
  if (!opts.dataDir.startsWith('memory://')) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir, {
    extensions: { pg_trgm, fuzzystrmatch },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...(opts.compiled ? { ...opts.compiled, fsBundle: new Blob([opts.compiled.fsBundle]) } : {}),
  });
  // PGlite's pages are all in memory, so a random read costs what a sequential one does. With the
  // disk default (4) the planner prefers scanning a table to a GIN or trigram index; a search that
  // should take 1 ms then takes 10.
  await client.exec('SET random_page_cost = 1.1');
  const guard = guardPglite(client, watchdog);
  // A statement that exhausted the native stack fails with PostgreSQL's internal "errstart was
  // not called"; callers get the error it stands for instead.
  const explain = (err: unknown): never => {
    throw (err as Error).message === 'errstart was not called' && guard.takeStackOverflow() ? new StatementTooComplexError() : err;
  };
  return {
    client,
    query: (text, params, options) => client.query<Record<string, unknown>>(text, params, options).catch(explain),
    exec: (text) => client.exec(text).catch(explain),
    search: (text, params, ms) => guard.withDeadline(text, ms, (marked) => client.query<Record<string, unknown>>(marked, params)).catch(explain),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      guard.close();
      await client.close();
    },
  };
}
