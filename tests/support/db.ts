import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from '../../server/db/client';
import { loadConfig } from '../../server/config';
import { openJobs } from '../../server/jobs';
import { seedDemo } from '../../server/db/seed/index';
import { seedDemoAdmins } from '../../server/db/seed/admins';
import { demoKey, demoPath, templateKey, templatePath } from './pgliteTemplate';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/** Dumps read so far by this worker, by file. */
const dumps = new Map<string, Blob>();

function dumpFile(file: string): Blob | undefined {
  let blob = dumps.get(file);
  if (!blob && fs.existsSync(file)) dumps.set(file, (blob = new Blob([fs.readFileSync(file)])));
  return blob;
}

/** The prepared PGlite template the global setup dumps, when there is one; migrate() is then a check. */
export function pgliteTemplate(): Blob | undefined {
  return dumpFile(templatePath());
}

/** The day the tests' demo network is anchored to (the screens' tests count days from it). */
export const DEMO_DAY = new Date('2026-11-21T00:00:00Z');

/** What a demo-network database holds beyond the template: one admin per role and the small network (default seed). */
export async function prepareDemoNetwork(database: Database): Promise<void> {
  await seedDemoAdmins(database.db);
  await seedDemo(database, { size: 'small', today: DEMO_DAY });
}

/** The PGlite dump of the demo network the global setup makes. */
function pgliteDemo(): Blob {
  const blob = dumpFile(demoPath());
  if (!blob) throw new Error(`${demoPath()} is missing: the demo network is dumped by tests/support/globalSetup.ts.`);
  return blob;
}

/**
 * Everything a first start does to a new database: the migrations, then the background jobs'
 * schema and queues (pg-boss creates them on its first start, which takes a second or two).
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.migrate();
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const jobs = await openJobs(database, loadConfig({ NODE_ENV: 'test' }), log);
  await jobs.stop();
}

async function onServer<T>(url: string, use: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await use(c);
  } finally {
    await c.end();
  }
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the api-pg tests need a PostgreSQL 15 server (see README).');
  return url;
}

function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

async function dropServerDatabase(c: pg.Client, name: string): Promise<void> {
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch (error) {
    // FORCE may not signal an autovacuum worker that is in the database (42501 without
    // pg_signal_backend); a plain DROP stops autovacuum itself and waits for it.
    if ((error as { code?: string }).code !== '42501') throw error;
    await c.query(`DROP DATABASE IF EXISTS ${name}`);
  }
}

/** Serialises building the templates across test workers and concurrent runs on one server. */
const TEMPLATE_LOCK = 727_002;
const serverTemplates = new Map<string, Promise<string>>();

/** Builds `name` once per process (and once per server: see buildServerTemplate). */
function onceOnServer(name: string, build: (url: string) => Promise<void>): Promise<string> {
  let built = serverTemplates.get(name);
  if (!built) {
    built = build(serverUrl()).then(() => name);
    serverTemplates.set(name, built);
    built.catch(() => serverTemplates.delete(name));
  }
  return built;
}

/**
 * The prepared template database on the PostgreSQL server of TEST_DATABASE_URL, named after what it
 * is made from (templateKey), built by the first caller. Nobody connects to it after it is built,
 * so new test databases can be copied from it with CREATE DATABASE … TEMPLATE.
 */
export function serverTemplate(): Promise<string> {
  const name = `fnc_tpl_${templateKey()}`;
  return onceOnServer(name, (url) => buildServerTemplate(url, name, undefined, prepareDatabase));
}

/** The demo network as a template database on the server (see prepareDemoNetwork), copied from the prepared template. */
export function serverDemoTemplate(): Promise<string> {
  const name = `fnc_demo_${demoKey()}`;
  return onceOnServer(name, async (url) => buildServerTemplate(url, name, await serverTemplate(), prepareDemoNetwork));
}

async function buildServerTemplate(url: string, name: string, from: string | undefined, prepare: (database: Database) => Promise<void>): Promise<void> {
  await onServer(url, async (c) => {
    await c.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if ((await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return;
      // Built under another name and renamed when complete: a half-built template is never used.
      const building = `${name}_${crypto.randomBytes(4).toString('hex')}`;
      await c.query(from ? `CREATE DATABASE ${building} TEMPLATE ${from}` : `CREATE DATABASE ${building}`);
      try {
        const database = await openDatabase({ databaseUrl: databaseUrl(url, building), poolSize: 2 });
        try {
          await prepare(database);
          // Nothing left for autovacuum to visit, so it does not hold the template while it is copied.
          await database.query('VACUUM (FREEZE, ANALYZE)');
        } finally {
          await database.close();
        }
        await c.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (error) {
        await dropServerDatabase(c, building).catch(() => undefined);
        throw error;
      }
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    }
  });
}

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL: its URL, and a drop that ends
 * whatever is still connected to it. Empty, or a copy of the prepared template (`from: 'template'`:
 * migrated, with the jobs' schema, much faster than migrating) or of the demo network (`'demo'`).
 */
export async function createServerDatabase(prefix: string, opts: { from?: 'template' | 'demo' } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const url = serverUrl();
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const template = opts.from === 'demo' ? await serverDemoTemplate() : opts.from === 'template' ? await serverTemplate() : undefined;
  await onServer(url, async (c) => {
    if (!template) return c.query(`CREATE DATABASE ${name}`);
    // Copying fails with 55006 while any session is in the template; only autovacuum could be,
    // and only briefly (the template is frozen and analysed): try again once it has left.
    for (let attempt = 1; ; attempt++) {
      try {
        return await c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  return {
    url: databaseUrl(url, name),
    drop: () => onServer(url, (c) => dropServerDatabase(c, name)),
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB_KIND=pg) a new
 * database on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards. Both start as a copy
 * of the prepared template (migrations and the jobs' schema), or with `demo` of the demo network
 * (see prepareDemoNetwork): a copy costs a second or two, seeding it half a minute on PGlite.
 */
export async function createTestDatabase(opts: { demo?: boolean } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB_KIND !== 'pg') {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: opts.demo ? pgliteDemo() : pgliteTemplate() });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const server = await createServerDatabase('fnc_test', { from: opts.demo ? 'demo' : 'template' });
  const database = await openDatabase({ databaseUrl: server.url, poolSize: 5 });
  await database.migrate();
  return {
    database,
    async drop() {
      await database.close();
      await server.drop();
    },
  };
}
