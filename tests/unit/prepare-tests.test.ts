import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MissingPrerequisites, installRights, isDebianLike, prepareTests, type Run } from '../../scripts/prepare-tests.mjs';

/**
 * What `npm test` does before any test runs (scripts/prepare-tests.mjs): everything there, nothing
 * installed; something missing where apt may not run, one message and no test.
 */
const root = path.resolve(__dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fnc-prepare-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An executable file at `dir/rel`, standing for a program the preparation looks for. */
function program(rel: string): string {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  return file;
}

const URL = 'postgres://fnc_test:fnc_test@127.0.0.1:5432/fnc_test';

/** Records each command; scripts/test-db.sh prints the URL, apt-get calls `onApt`. */
function recorder(onApt: (args: string[]) => void = () => {}) {
  const calls: string[][] = [];
  const run: Run = (cmd, args) => {
    calls.push([cmd, ...args]);
    if (args.includes('apt-get')) onApt(args);
    return { status: 0, stdout: cmd === 'bash' && args[0].endsWith('test-db.sh') ? `${URL}\n` : '' };
  };
  return { calls, run };
}

describe('preparing the tests', () => {
  const chromiumPath = program('usr/bin/chromium');
  const postgresPath = program('usr/lib/postgresql/15/bin/postgres');
  program('bin/pg_ctlcluster');
  const PATH = path.join(dir, 'bin');

  it('with Chromium and PostgreSQL 15 there, starts the cluster and installs nothing', () => {
    const { calls, run } = recorder();
    const prepared = prepareTests({ env: { PATH }, chromiumPath, postgresPath, uid: 0, rights: { may: true }, run });
    expect(prepared).toEqual({ databaseUrl: URL, chromiumPath, installed: [] });
    expect(calls).toEqual([['bash', path.join(root, 'scripts/test-db.sh')]]);
  });

  it('with CHROMIUM_PATH and TEST_DATABASE_URL set, uses them and runs nothing', () => {
    const { calls, run } = recorder();
    const own = program('opt/chromium/chrome');
    const env = { PATH: '/nonexistent', CHROMIUM_PATH: own, TEST_DATABASE_URL: 'postgres://me:pw@db.example/tests' };
    const prepared = prepareTests({ env, chromiumPath: '/nonexistent/chromium', postgresPath: '/nonexistent/postgres', run });
    expect(prepared).toEqual({ databaseUrl: 'postgres://me:pw@db.example/tests', chromiumPath: own, installed: [] });
    expect(calls).toEqual([]);
  });

  it('where apt may run, installs what is missing in one apt-get install after one update', () => {
    const chromium = path.join(dir, 'later/chromium');
    const { calls, run } = recorder((args) => {
      if (args.includes('install')) program('later/chromium');
    });
    const prepared = prepareTests({ env: { PATH }, chromiumPath: chromium, postgresPath, uid: 1000, rights: { may: true, sudo: true }, run });
    expect(prepared.installed).toEqual(['chromium']);
    expect(calls.slice(0, 2)).toEqual([
      ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'update', '-qq'],
      ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'chromium'],
    ]);
  });

  it('where apt may not run, names every missing piece with its command and runs nothing', () => {
    const { calls, run } = recorder();
    const prepare = () =>
      prepareTests({ env: { PATH: '/nonexistent' }, chromiumPath: '/nonexistent/chromium', postgresPath, uid: 1000, rights: { may: false, why: 'not root, and no passwordless sudo' }, run });
    expect(prepare).toThrow(MissingPrerequisites);
    expect(prepare).toThrow(/sudo apt-get update && sudo apt-get install -y chromium[^]*sudo apt-get install -y postgresql-15[^]*no passwordless sudo/);
    expect(calls).toEqual([]);
  });

  it('a CHROMIUM_PATH that points nowhere is not installed, even where apt may run', () => {
    const { calls, run } = recorder();
    const env = { PATH, CHROMIUM_PATH: '/nonexistent/chromium' };
    expect(() => prepareTests({ env, chromiumPath, postgresPath, uid: 0, rights: { may: true }, run })).toThrow(/CHROMIUM_PATH=\/nonexistent\/chromium/);
    expect(calls).toEqual([]);
  });

  it('may install only with apt-get on PATH, on Debian or Ubuntu, as root or with passwordless sudo', () => {
    const debian = 'ID=debian\nVERSION_ID="12"\n';
    const apt = { PATH: path.dirname(program('apt/apt-get')) };
    expect(installRights({ env: { PATH: '/nonexistent' }, uid: 0, osRelease: debian })).toEqual({ may: false, why: 'no apt-get on PATH' });
    expect(installRights({ env: apt, uid: 0, osRelease: 'ID=fedora\n' })).toMatchObject({ may: false });
    expect(installRights({ env: apt, uid: 0, osRelease: debian })).toEqual({ may: true, sudo: false });
    expect(installRights({ env: apt, uid: 1000, osRelease: debian })).toEqual({ may: false, why: 'not root, and no passwordless sudo' });
    expect(isDebianLike('ID=ubuntu\nID_LIKE=debian\n')).toBe(true);
    expect(isDebianLike('ID=linuxmint\nID_LIKE="ubuntu debian"\n')).toBe(true);
  });

  it('npm test, with neither Chromium nor PostgreSQL to be found, prints one message and starts no step', () => {
    const cwd = fs.mkdtempSync(path.join(dir, 'cwd-'));
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/test.mjs')], {
      cwd,
      encoding: 'utf8',
      env: { PATH: '/nonexistent', CHROMIUM_PATH: '/nonexistent/chromium', HOME: cwd },
      timeout: 10_000,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('Chromium at CHROMIUM_PATH=/nonexistent/chromium');
    expect(r.stderr).toContain('apt-get install -y chromium');
    expect(r.stderr).toContain('PostgreSQL 15');
    expect(r.stderr).toContain('apt-get install -y postgresql-15');
    expect(r.stderr.match(/npm test:/g)).toHaveLength(1);
    expect(r.stdout + r.stderr).not.toContain('===');
    expect(fs.existsSync(path.join(cwd, 'test-results'))).toBe(false);
  });
});
