import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client';
import { templatePath } from './pgliteTemplate';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB_KIND=pg) a new
 * database on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_KIND !== 'pg') {
    // Start from the migrated template when the global setup made one; migrate() is then a check.
    const template = templatePath();
    const loadDataDir = fs.existsSync(template) ? new Blob([fs.readFileSync(template)]) : undefined;
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the api-pg tests need a PostgreSQL 15 server (see README).');
  const name = `fnc_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 5 });
  await database.migrate();
  return {
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } catch (error) {
        // FORCE may not signal an autovacuum worker that is in the database (42501 without
        // pg_signal_backend); a plain DROP stops autovacuum itself and waits for it.
        if ((error as { code?: string }).code !== '42501') throw error;
        await c.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await c.end();
      }
    },
  };
}
