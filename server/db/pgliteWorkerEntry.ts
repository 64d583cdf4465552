import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The file a database's thread starts from. The thread's modules are TypeScript, and in Node 20 a
 * worker that loads them through tsx starts tsx's loader in yet another thread: about 0.4 s and
 * 0.6 s of CPU for every database opened, more than loading the database itself. So they are bundled
 * once per process into plain JavaScript (esbuild, which tsx runs on) under node_modules/.cache,
 * named by the bundle's hash so processes never overwrite each other's. Packages stay imports of
 * their own, resolved from there. Where that cannot be done (no esbuild, a read-only folder), the
 * thread starts through tsx as before (pgliteWorker.boot.mjs).
 */
const SOURCE = fileURLToPath(new URL('./pgliteWorker.ts', import.meta.url));
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/pglite-worker/', import.meta.url));
const BOOT = new URL('./pgliteWorker.boot.mjs', import.meta.url);

let entry: Promise<URL> | undefined;

async function bundle(): Promise<URL> {
  const esbuild = await import('esbuild');
  const built = await esbuild.build({ entryPoints: [SOURCE], bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', write: false, logLevel: 'silent' });
  const code = built.outputFiles[0].contents;
  const file = path.join(CACHE, `${crypto.createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(CACHE, { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomUUID()}`;
    fs.writeFileSync(tmp, code);
    fs.renameSync(tmp, file);
  }
  return pathToFileURL(file);
}

/** The bundled thread entry, made on the first call of the process; tsx's boot file if it cannot be. */
export function pgliteWorkerEntry(): Promise<URL> {
  entry ??= bundle().catch(() => BOOT);
  return entry;
}
