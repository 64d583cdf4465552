import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client';
import { templatePath } from './pgliteTemplate';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/** The migrated PGlite template the global setup dumps, when there is one; migrate() is then a check. */
export function pgliteTemplate(): Blob | undefined {
  const template = templatePath();
  return fs.existsSync(template) ? new Blob([fs.readFileSync(template)]) : undefined;
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

/**
 * A new, empty database on the PostgreSQL server of TEST_DATABASE_URL: its URL, and a drop that
 * ends whatever is still connected to it.
 */
export async function createServerDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the api-pg tests need a PostgreSQL 15 server (see README).');
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(url, (c) => c.query(`CREATE DATABASE ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: () =>
      onServer(url, async (c) => {
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } catch (error) {
          // FORCE may not signal an autovacuum worker that is in the database (42501 without
          // pg_signal_backend); a plain DROP stops autovacuum itself and waits for it.
          if ((error as { code?: string }).code !== '42501') throw error;
          await c.query(`DROP DATABASE IF EXISTS ${name}`);
        }
      }),
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB_KIND=pg) a new
 * database on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_KIND !== 'pg') {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplate() });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const server = await createServerDatabase('fnc_test');
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
