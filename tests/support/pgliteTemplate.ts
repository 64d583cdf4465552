import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Creating a database costs seconds (initdb in WebAssembly for PGlite, the migrations and the
 * background jobs' schema everywhere); copying a prepared one costs a fraction. The vitest global
 * setup prepares one database per migration set and dumps it here; each PGlite test file starts from
 * a copy. On a PostgreSQL server the same preparation is a template database (see db.ts).
 */
const MIGRATIONS = path.resolve('server/db/migrations');

/** What a prepared database depends on: the migrations, the pg-boss version and our queues. */
const INPUTS = [path.resolve('node_modules/pg-boss/package.json'), path.resolve('server/jobs/queues.ts')];

let key: string | undefined;

/** A short hash of everything a prepared test database is made from. */
export function templateKey(): string {
  if (key) return key;
  const hash = crypto.createHash('sha256').update('template v2: migrations and jobs schema\n');
  for (const file of fs.readdirSync(MIGRATIONS, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  for (const file of INPUTS) if (fs.existsSync(file)) hash.update(path.basename(file)).update(fs.readFileSync(file));
  key = hash.digest('hex').slice(0, 16);
  return key;
}

export function templatePath(): string {
  return path.resolve('test-results', `pglite-template-${templateKey()}.tar`);
}
