#!/usr/bin/env node
// `npm test`: type check, unit tests, component tests of the console's forms (jsdom), API tests on
// PGlite and on PostgreSQL 15, then the browser tests in Chromium against the built console.
// Installs a missing prerequisite where it may, else stops before any step, naming every missing
// one (scripts/prepare-tests.mjs). Ends with each step's wall time and, as its last line, `N passed, M failed`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { MissingPrerequisites, prepareTests } from './prepare-tests.mjs';

function fail(message) {
  console.error(`\nnpm test: ${message}`);
  process.exit(1);
}

// Before anything runs: Chromium and PostgreSQL 15, installed with apt when missing and allowed,
// the local cluster started (scripts/prepare-tests.mjs); or one message naming what is missing.
try {
  const { databaseUrl, chromiumPath } = prepareTests();
  process.env.TEST_DATABASE_URL = databaseUrl;
  process.env.CHROMIUM_PATH = chromiumPath;
} catch (error) {
  if (!(error instanceof MissingPrerequisites)) throw error;
  fail(error.message);
}

fs.mkdirSync('test-results', { recursive: true });

/** What each step did: its title, wall time, exit status and (for tests) vitest's JSON report. */
const steps = [];

/**
 * Runs one step as a child process. Steps of a phase run side by side, so each one's output is
 * kept and printed in one block when it ends, under its title.
 */
function run(title, cmd, args, json) {
  const started = performance.now();
  const step = { title, ms: 0, ok: false, json };
  steps.push(step);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    const finish = (code, error) => {
      step.ms = performance.now() - started;
      step.ok = code === 0;
      process.stdout.write(`\n=== ${title} (${(step.ms / 1000).toFixed(1)} s${step.ok ? '' : ', FAILED'})\n`);
      process.stdout.write(Buffer.concat(out));
      if (error) console.error(error.message);
      resolve(step.ok);
    };
    child.once('error', (error) => finish(null, error));
    child.once('close', (code) => finish(code));
  });
}

for (const project of ['unit', 'component', 'api', 'api-pg', 'e2e']) fs.rmSync(`test-results/${project}.json`, { force: true });
// What the pages of failed browser tests saw (tests/support/pageJournal.ts), printed at the end.
const FAILURE_JOURNAL = 'test-results/e2e-failures.log';
fs.rmSync(FAILURE_JOURNAL, { force: true });

function vitest(title, project) {
  const file = `test-results/${project}.json`;
  const args = ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  return run(title, 'npx', args, file);
}

const began = performance.now();
// Two things at a time: this machine has two cores, and every step below keeps about one busy.
// The browser tests run last and alone: their two workers (a server and a Chromium each) fill
// both cores, and they need the built console.
const [, built] = await Promise.all([
  // Each layer on its own (domain: no DOM, no Node; console: DOM; server: Node), then everything.
  run('type check', 'npm', ['run', '--silent', 'typecheck']),
  run('build console', 'npx', ['vite', 'build', '--logLevel', 'warn']),
  vitest('unit tests', 'unit'),
]);
// The forms' components in jsdom need neither server nor build. They run after the API tests on
// PostgreSQL, which end minutes before those on PGlite: in that gap, not in front of everything.
await Promise.all([
  vitest('API tests on PGlite', 'api'),
  vitest('API tests on PostgreSQL', 'api-pg').then(() => vitest('component tests (jsdom)', 'component')),
]);
// Not on a console that failed to build (or an older one left in dist/): counted as failed.
if (built) await vitest('browser tests (Chromium)', 'e2e');
else steps.push({ title: 'browser tests (Chromium)', ms: 0, ok: false, json: 'test-results/e2e.json' });
const totalMs = performance.now() - began;

const results = steps.filter((s) => s.json).map((s) => {
  const report = fs.existsSync(s.json) ? JSON.parse(fs.readFileSync(s.json, 'utf8')) : null;
  return { step: s, report: report ?? { numPassedTests: 0, numFailedTests: 1, missing: true } };
});

// The end of the output is what a CI log keeps: each step's time, then each failed file's first error.
console.log('\nStep                          Time  Tests');
for (const s of steps) {
  const r = results.find((x) => x.step === s)?.report;
  const tests = r ? (r.missing ? 'no report' : `${r.numPassedTests} passed, ${r.numFailedTests} failed`) : '';
  console.log(`${s.title.padEnd(26)} ${`${(s.ms / 1000).toFixed(1)} s`.padStart(8)}  ${s.ok ? tests : `FAILED${tests ? ` (${tests})` : ''}`}`);
}
console.log(`${'total (wall)'.padEnd(26)} ${`${(totalMs / 1000).toFixed(1)} s`.padStart(8)}`);

for (const { report } of results) {
  for (const file of report.testResults ?? []) {
    if (file.status !== 'failed') continue;
    const first = file.message || file.assertionResults?.find((a) => a.status === 'failed')?.failureMessages?.[0] || '';
    console.log(`FAILED ${file.name}: ${first.split('\n').slice(0, 3).join(' | ').slice(0, 400)}`);
  }
}
if (fs.existsSync(FAILURE_JOURNAL)) {
  console.log('\nWhat the pages of the failed browser tests saw (failed and unanswered API calls, page errors):');
  console.log(fs.readFileSync(FAILURE_JOURNAL, 'utf8').trimEnd().slice(-4000));
}
const ok = steps.every((s) => s.ok);
const passed = results.reduce((n, { report }) => n + (report.numPassedTests ?? 0), 0);
const failed = results.reduce((n, { report }) => n + (report.numFailedTests ?? 0), 0);
const skipped = results.reduce((n, { report }) => n + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0), 0);
console.log('');
if (skipped > 0) console.log(`npm test: ${skipped} tests were skipped; skipping is not allowed here.`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 && skipped === 0 && passed > 0 ? 0 : 1);
