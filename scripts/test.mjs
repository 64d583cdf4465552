#!/usr/bin/env node
// `npm test`: type check, unit tests, API tests on PGlite and on PostgreSQL 15, then the browser
// tests in Chromium against the built console. Fails loudly when a prerequisite is missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const results = [];

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function fail(message) {
  console.error(`\nnpm test: ${message}`);
  process.exit(1);
}

if (!process.env.TEST_DATABASE_URL) {
  const r = spawnSync('bash', ['scripts/test-db.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) fail('no PostgreSQL for the api-pg tests: set TEST_DATABASE_URL or install postgresql-15 (README, "Tests").');
  process.env.TEST_DATABASE_URL = r.stdout.trim().split('\n').pop();
}
if (!/^postgres(ql)?:\/\/\S+$/.test(process.env.TEST_DATABASE_URL.trim())) {
  fail(`TEST_DATABASE_URL is not one postgres:// URL: ${JSON.stringify(process.env.TEST_DATABASE_URL)}`);
}
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) fail(`no Chromium at ${chromium}: apt-get install -y chromium, or set CHROMIUM_PATH.`);

fs.mkdirSync('test-results', { recursive: true });
let ok = run('type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
ok = run('build console', 'npx', ['vite', 'build', '--logLevel', 'warn']) && ok;

function vitest(title, projects, file) {
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  const passed = run(title, 'npx', args);
  if (fs.existsSync(file)) results.push(JSON.parse(fs.readFileSync(file, 'utf8')));
  else results.push({ numPassedTests: 0, numFailedTests: 1 });
  return passed;
}

// One project at a time: on a small machine, running them together only makes each slower and
// pushes property tests and server start-ups past their timeouts.
ok = vitest('unit tests', ['unit'], 'test-results/unit.json') && ok;
ok = vitest('API tests on PGlite', ['api'], 'test-results/api.json') && ok;
ok = vitest('API tests on PostgreSQL', ['api-pg'], 'test-results/api-pg.json') && ok;
ok = vitest('browser tests (Chromium)', ['e2e'], 'test-results/e2e.json') && ok;

// The end of the output is what a CI log keeps: repeat each failed file's first error there.
for (const r of results) {
  for (const file of r.testResults ?? []) {
    if (file.status !== 'failed') continue;
    const first = file.message || file.assertionResults?.find((a) => a.status === 'failed')?.failureMessages?.[0] || '';
    console.log(`FAILED ${file.name}: ${first.split('\n').slice(0, 3).join(' | ').slice(0, 400)}`);
  }
}
const passed = results.reduce((n, r) => n + (r.numPassedTests ?? 0), 0);
const failed = results.reduce((n, r) => n + (r.numFailedTests ?? 0), 0);
const skipped = results.reduce((n, r) => n + (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0), 0);
console.log('');
if (skipped > 0) console.log(`npm test: ${skipped} tests were skipped; skipping is not allowed here.`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 && skipped === 0 && passed > 0 ? 0 : 1);
