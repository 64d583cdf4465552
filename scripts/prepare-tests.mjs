#!/usr/bin/env node
// What `npm test` needs before any test runs: Chromium and a PostgreSQL 15 server. A piece that is
// missing is installed with apt where that is allowed (root or passwordless sudo, on Debian or
// Ubuntu, apt-get on PATH); otherwise nothing runs and one message names every missing piece and
// the command that provides it. CHROMIUM_PATH and TEST_DATABASE_URL bring one's own: nothing is
// installed for a piece that is set. Run on its own, it prints the two variables it settled.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEST_DB_SCRIPT = fileURLToPath(new URL('./test-db.sh', import.meta.url));

/** The prerequisites are missing and were not installed; the message says what and how. */
export class MissingPrerequisites extends Error {
  name = 'MissingPrerequisites';
}

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The first executable `name` in the directories of `PATH`, or null. */
export function findOnPath(name, PATH = '') {
  for (const dir of PATH.split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

function readOsRelease() {
  for (const file of ['/etc/os-release', '/usr/lib/os-release']) {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {}
  }
  return '';
}

/** Whether an os-release text describes Debian or a system based on it (Ubuntu: ID_LIKE=debian). */
export function isDebianLike(osRelease) {
  const field = (key) => (osRelease.match(new RegExp(`^${key}=["']?([^"'\\n]*)`, 'm'))?.[1] ?? '').split(/\s+/);
  return [...field('ID'), ...field('ID_LIKE')].includes('debian');
}

/**
 * Whether apt may install here, and how: as root, or through passwordless sudo (`sudo -n true`),
 * on Debian or Ubuntu, with apt-get on PATH. When not, `why` says what stops it.
 */
export function installRights({ env = process.env, uid = process.getuid?.(), osRelease = readOsRelease() } = {}) {
  if (!findOnPath('apt-get', env.PATH)) return { may: false, why: 'no apt-get on PATH' };
  if (!isDebianLike(osRelease)) return { may: false, why: 'not Debian or Ubuntu' };
  if (uid === 0) return { may: true, sudo: false };
  const sudo = findOnPath('sudo', env.PATH);
  if (sudo && spawnSync(sudo, ['-n', 'true'], { env, stdio: 'ignore' }).status === 0) return { may: true, sudo: true };
  return { may: false, why: 'not root, and no passwordless sudo' };
}

/** Runs a command with the terminal's output (or stdout kept, for `capture`): `{ status, stdout }`. */
function runCommand(cmd, args, { env, capture = false }) {
  const r = spawnSync(cmd, args, { env, encoding: 'utf8', stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'] });
  return { status: r.error ? null : r.status, stdout: r.stdout ?? '' };
}

/**
 * Makes sure Chromium and a PostgreSQL 15 server are there (installing them with apt when missing
 * and allowed), starts the local cluster (scripts/test-db.sh) when TEST_DATABASE_URL is unset, and
 * returns what the tests are to use. Throws MissingPrerequisites, having run no test, when
 * anything is still missing.
 *
 * Every input can be given, so that this can be tried without apt: `env` (PATH, CHROMIUM_PATH,
 * TEST_DATABASE_URL), where apt puts Chromium (`chromiumPath`) and PostgreSQL 15's server
 * (`postgresPath`), the user (`uid`: 0 is root, anyone else goes through sudo), whether apt may
 * install (`rights`, else decided by installRights) and `run`, which runs apt-get and
 * scripts/test-db.sh.
 *
 * @returns {{ databaseUrl: string, chromiumPath: string, installed: string[] }}
 */
export function prepareTests({
  env = process.env,
  chromiumPath = '/usr/bin/chromium',
  postgresPath = '/usr/lib/postgresql/15/bin/postgres',
  uid = process.getuid?.(),
  rights,
  run = runCommand,
} = {}) {
  const chromium = env.CHROMIUM_PATH || chromiumPath;
  const hasChromium = () => isExecutable(chromium);
  const hasPostgres = () => Boolean(findOnPath('pg_ctlcluster', env.PATH)) && isExecutable(postgresPath);
  const sudo = uid === 0 ? '' : 'sudo ';
  const aptInstall = (packages) => `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`;

  /** Each missing piece: what it is, the apt package that provides it (or none), the way round it. */
  const missing = [];
  if (env.CHROMIUM_PATH && !hasChromium()) {
    missing.push({ what: `Chromium at CHROMIUM_PATH=${env.CHROMIUM_PATH}`, fix: `point it at a Chromium, or unset it and use ${chromiumPath} (${aptInstall(['chromium'])})` });
  } else if (!hasChromium()) {
    missing.push({ what: `Chromium (${chromiumPath})`, apt: 'chromium', fix: 'or set CHROMIUM_PATH' });
  }
  if (env.TEST_DATABASE_URL) {
    if (!/^postgres(ql)?:\/\/\S+$/.test(env.TEST_DATABASE_URL.trim())) {
      missing.push({ what: `a PostgreSQL URL: TEST_DATABASE_URL=${JSON.stringify(env.TEST_DATABASE_URL)}`, fix: 'set it to one postgres://user:pass@host/db URL, or unset it' });
    }
  } else if (!hasPostgres()) {
    missing.push({ what: 'PostgreSQL 15', apt: 'postgresql-15', fix: 'or set TEST_DATABASE_URL=postgres://user:pass@host/db' });
  }

  const installed = [];
  if (missing.length > 0) {
    rights ??= installRights({ env, uid });
    const stop = (pieces, why) => {
      const lines = pieces.map((m) => `  - ${m.what}: ${m.apt ? `${aptInstall([m.apt])} (${m.fix})` : m.fix}`);
      throw new MissingPrerequisites(`missing before the tests can run:\n${lines.join('\n')}\n${why}`);
    };
    if (!rights.may) stop(missing, `Not installed here: ${rights.why}.`);
    if (missing.some((m) => !m.apt)) stop(missing, 'Nothing was installed: apt cannot provide all of these.');

    const packages = missing.map((m) => m.apt);
    const apt = (args) => {
      const [cmd, ...rest] = [...(sudo ? ['sudo', '-n'] : []), 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args];
      return run(cmd, rest, { env }).status === 0;
    };
    console.error(`Installing ${packages.join(' and ')} with apt, for the tests…`);
    if (!apt(['update', '-qq'])) stop(missing, `\`${sudo}apt-get update\` failed (its output is above).`);
    if (!apt(['install', '-y', '-qq', ...packages])) stop(missing, `\`${sudo}apt-get install\` failed (its output is above).`);
    installed.push(...packages);
    const still = missing.filter((m) => (m.apt === 'chromium' ? !hasChromium() : !hasPostgres()));
    if (still.length > 0) stop(still, 'apt installed them, and they are still not where the tests look.');
  }

  let databaseUrl = env.TEST_DATABASE_URL?.trim();
  if (!databaseUrl) {
    const r = run('bash', [TEST_DB_SCRIPT], { env, capture: true });
    databaseUrl = r.stdout.trim().split('\n').pop() ?? '';
    if (r.status !== 0 || !/^postgres:\/\/\S+$/.test(databaseUrl)) {
      throw new MissingPrerequisites('PostgreSQL 15 is installed, but scripts/test-db.sh did not start its cluster and make the fnc_test database (its output is above).');
    }
  }
  return { databaseUrl, chromiumPath: chromium, installed };
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { databaseUrl, chromiumPath } = prepareTests();
    console.log(`TEST_DATABASE_URL=${databaseUrl}`);
    console.log(`CHROMIUM_PATH=${chromiumPath}`);
  } catch (error) {
    if (!(error instanceof MissingPrerequisites)) throw error;
    console.error(`prepare-tests: ${error.message}`);
    process.exit(1);
  }
}
