import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { Browser, createTestApp, type TestApp } from '../support/app';
import { auditLog, administrators, searchKeys, sessions } from '../../server/db/schema';
import { CommandError, createAdmin, disableAdmin, enableAdmin, listAdmins, setRole } from '../../server/admin/commands';
import { openDatabase } from '../../server/db/client';

const PASSWORD = 'a long operator passphrase';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const input = (over: Record<string, unknown> = {}) => ({ email: 'ops@test.example', password: PASSWORD, firstname: 'Olga', lastname: 'Ops', role: 'EDITOR', ...over });

describe('operator commands', () => {
  it('create: hashes with argon2id, and the admin can sign in', async () => {
    const row = await createAdmin(t.services.db, input({ email: '  Ops@Test.Example ' }), t.clock.now());
    expect(row).toMatchObject({ email: 'ops@test.example', firstname: 'Olga', lastname: 'Ops', role: 'EDITOR', disabled: false });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row.passwordHash).not.toContain(PASSWORD);
    expect(await argon2.verify(row.passwordHash, PASSWORD)).toBe(true);
    const s = await new Browser(t).signIn('ops@test.example', PASSWORD);
    expect(s.role).toBe('EDITOR');
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.recordId, row.id));
    expect(audit.map((a) => a.slug)).toEqual(['cli/admin create']);
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
  });

  it.each([
    ['an unknown role', { role: 'ADMIN' }, "Unknown role 'ADMIN'"],
    ['no role', { role: undefined }, '--role is required'],
    ['a short password', { password: 'short pw' }, 'at least 12 characters'],
    ['a 1025-character password', { password: 'p'.repeat(1025) }, 'at most 1024 characters'],
    ['a malformed e-mail', { email: 'not-an-email' }, "'not-an-email' is not a valid e-mail address."],
    ['a blank first name', { firstname: '  ' }, '--first is required.'],
    ['an e-mail in use (any case)', { email: 'OPS@test.example' }, 'An admin with e-mail ops@test.example already exists.'],
  ])('create refuses %s', async (_label, over, message) => {
    const before = await t.services.db.select().from(administrators);
    const attempt = createAdmin(t.services.db, input({ email: 'other@test.example', ...over }));
    await expect(attempt).rejects.toThrow(CommandError);
    await expect(attempt).rejects.toThrow(message);
    expect(await t.services.db.select().from(administrators)).toHaveLength(before.length);
  });

  it('disable: ends every session at once and refuses sign-in; enable: signs in again', async () => {
    await createAdmin(t.services.db, input({ email: 'dis@test.example' }));
    const one = new Browser(t);
    const two = new Browser(t);
    await one.signIn('dis@test.example', PASSWORD);
    await two.signIn('dis@test.example', PASSWORD);
    await one.get('session/getSessionToken');
    expect(await disableAdmin(t.services.db, 'DIS@test.example', t.clock.now())).toEqual({ revokedSessions: 2 });
    expect((await one.get('auth/session')).statusCode).toBe(401);
    expect((await two.post('auth/refresh')).statusCode).toBe(401);
    const [admin] = await t.services.db.select().from(administrators).where(eq(administrators.email, 'dis@test.example'));
    const left = await t.services.db.select().from(sessions).where(eq(sessions.adminId, admin.id));
    expect(left.every((s) => s.revokedAt !== null)).toBe(true);
    expect(await t.services.db.select().from(searchKeys).innerJoin(sessions, eq(sessions.id, searchKeys.sessionId)).where(eq(sessions.adminId, admin.id))).toEqual([]);
    const refused = await new Browser(t).login('dis@test.example', PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('Invalid email or password');

    await enableAdmin(t.services.db, 'dis@test.example', t.clock.now());
    expect((await new Browser(t).signIn('dis@test.example', PASSWORD)).user.email).toBe('dis@test.example');
    // Old sessions stay dead after enabling.
    expect((await one.get('auth/session')).statusCode).toBe(401);
  });

  it('enable lifts a lockout', async () => {
    await createAdmin(t.services.db, input({ email: 'locked@test.example' }));
    for (let i = 0; i < 10; i++) await new Browser(t).login('locked@test.example', 'wrong password here');
    expect((await new Browser(t).login('locked@test.example', PASSWORD)).statusCode).toBe(401);
    expect((await listAdmins(t.services.db, t.clock.now())).find((a) => a.email === 'locked@test.example')?.lockedUntil).toBeInstanceOf(Date);
    await enableAdmin(t.services.db, 'locked@test.example', t.clock.now());
    expect((await new Browser(t).login('locked@test.example', PASSWORD)).statusCode).toBe(200);
  });

  it('set-role: applies on the next call and drops the search keys already issued', async () => {
    await createAdmin(t.services.db, input({ email: 'role@test.example', role: 'SUPPORT' }));
    const b = new Browser(t);
    await b.signIn('role@test.example', PASSWORD);
    expect((await b.get('session/getSessionToken')).statusCode).toBe(200);
    expect(await setRole(t.services.db, 'role@test.example', 'FINANCE', t.clock.now())).toEqual({ from: 'SUPPORT', to: 'FINANCE' });
    const s = (await b.get('auth/session')).json();
    expect(s.role).toBe('FINANCE');
    const rows = await t.services.db.select().from(searchKeys).innerJoin(sessions, eq(sessions.id, searchKeys.sessionId)).where(eq(sessions.adminId, s.user.uid));
    expect(rows).toEqual([]);
    await expect(setRole(t.services.db, 'role@test.example', 'GOD', t.clock.now())).rejects.toThrow("Unknown role 'GOD'");
    await expect(setRole(t.services.db, 'nobody@test.example', 'VIEWER', t.clock.now())).rejects.toThrow('No admin with e-mail nobody@test.example.');
    await expect(disableAdmin(t.services.db, 'nobody@test.example')).rejects.toThrow(CommandError);
  });

  it('list: every admin with role, status and live sessions', async () => {
    const list = await listAdmins(t.services.db, t.clock.now());
    expect(list.map((a) => a.email)).toEqual([...list.map((a) => a.email)].sort());
    expect(list.find((a) => a.email === 'dis@test.example')).toMatchObject({ role: 'EDITOR', disabled: false, liveSessions: 1 });
    expect(list.find((a) => a.email === 'role@test.example')).toMatchObject({ role: 'FINANCE', liveSessions: 1 });
  });
});

/** Runs `scripts/admin.ts` as npm would, in a child process. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', ...args],
      { cwd: path.resolve(__dirname, '../..'), env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the real command line', () => {
  it('creates an admin in the configured database, and refuses bad input with exit code 2', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fnc-admin-'));
    let env: Record<string, string> = { DATA_DIR: path.join(tmp, 'db') };
    let dropPg: (() => Promise<void>) | null = null;
    if (process.env.TEST_DB_KIND === 'pg') {
      // On the PostgreSQL run, the command gets DATABASE_URL instead.
      const url = process.env.TEST_DATABASE_URL!;
      const name = `fnc_cli_${crypto.randomBytes(4).toString('hex')}`;
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`CREATE DATABASE ${name}`);
      await c.end();
      const target = new URL(url);
      target.pathname = `/${name}`;
      env = { DATABASE_URL: target.toString() };
      dropPg = async () => {
        const d = new pg.Client({ connectionString: url });
        await d.connect();
        await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await d.end();
      };
    }
    try {
      // The two refusals side by side (each a process start); the good command after them, so it
      // also shows that the refused one created nothing.
      const [bad, unknown] = await Promise.all([
        runCli(['create', '--email', 'cli@test.example', '--password', PASSWORD, '--first', 'C', '--last', 'L', '--role', 'ROOT'], env),
        runCli(['frobnicate'], env),
      ]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("Error: Unknown role 'ROOT': use one of SUPER_ADMIN, EDITOR, VIEWER, SUPPORT, FINANCE.");
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain("Unknown command 'frobnicate'");

      const ok = await runCli(['create', '--email', 'CLI@test.example', '--password', PASSWORD, '--first', 'Cli', '--last', 'User', '--role', 'VIEWER'], env);
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(ok.stdout.trim()).toBe('Created cli@test.example (Cli User) with role VIEWER.');

      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
      try {
        const [row] = await database.db.select().from(administrators).where(eq(administrators.email, 'cli@test.example'));
        expect(row).toMatchObject({ firstname: 'Cli', lastname: 'User', role: 'VIEWER', disabled: false });
        expect(await argon2.verify(row.passwordHash, PASSWORD)).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await dropPg?.();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 90_000);
});
