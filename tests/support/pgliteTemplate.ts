import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Creating a PGlite database costs seconds (initdb in WebAssembly); loading a dumped one costs a
 * fraction. The vitest global setup migrates one database per migration set and dumps it here;
 * each test file starts from a copy.
 */
const MIGRATIONS = path.resolve('server/db/migrations');

export function templatePath(): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return path.resolve('test-results', `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}
