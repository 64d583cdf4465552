import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Creating a database costs seconds (initdb in WebAssembly for PGlite, the migrations and the
 * background jobs' schema everywhere); copying a prepared one costs a fraction. The vitest global
 * setup prepares two databases and dumps them here, each once per set of what it is made from:
 * the template (migrated, with the jobs' schema) every PGlite test file starts from, and the demo
 * network (the template, the demo admins and the small demo network), which takes half a minute
 * to seed on PGlite and is needed by a dozen files. On a PostgreSQL server the same preparations
 * are template databases (see db.ts).
 */
const MIGRATIONS = path.resolve('server/db/migrations');

/** What a prepared database depends on: the migrations, the pg-boss version and our queues. */
const INPUTS = [path.resolve('node_modules/pg-boss/package.json'), path.resolve('server/jobs/queues.ts')];

/** What the demo network depends on beyond the template: the seed, the domain rules it follows, the schema and faker. */
const DEMO_INPUTS = [path.resolve('server/db/seed'), path.resolve('domain'), path.resolve('server/db/schema.ts'), path.resolve('server/auth/passwords.ts'), path.resolve('node_modules/@faker-js/faker/package.json')];

/** Feeds every file of `inputs` (files or directories) into the hash, in a fixed order. */
function hashFiles(hash: crypto.Hash, inputs: string[]): void {
  for (const input of inputs) {
    if (!fs.existsSync(input)) continue;
    const files = fs.statSync(input).isDirectory() ? fs.readdirSync(input, { recursive: true }).map((f) => path.join(input, String(f))).sort() : [input];
    for (const file of files) if (fs.statSync(file).isFile()) hash.update(path.relative(process.cwd(), file)).update(fs.readFileSync(file));
  }
}

const keys = new Map<string, string>();

function keyOf(what: string, make: (hash: crypto.Hash) => void): string {
  let key = keys.get(what);
  if (!key) {
    const hash = crypto.createHash('sha256').update(`${what}\n`);
    make(hash);
    key = hash.digest('hex').slice(0, 16);
    keys.set(what, key);
  }
  return key;
}

/** A short hash of everything the prepared template is made from. */
export function templateKey(): string {
  return keyOf('template v3: migrations and jobs schema', (hash) => hashFiles(hash, [MIGRATIONS, ...INPUTS]));
}

/** A short hash of everything the prepared demo network is made from, the template included. */
export function demoKey(): string {
  return keyOf('demo v1: template, demo admins, small network', (hash) => {
    hash.update(templateKey());
    hashFiles(hash, DEMO_INPUTS);
  });
}

export function templatePath(): string {
  return path.resolve('test-results', `pglite-template-${templateKey()}.tar`);
}

export function demoPath(): string {
  return path.resolve('test-results', `pglite-demo-${demoKey()}.tar`);
}
