/**
 * `npm run cluster -- --nodes 2`: the console as a small cluster on this machine (scripts/lib/cluster.ts):
 * PostgreSQL primary and streaming replica, N API nodes, one job worker, HAProxy in front. Seeds
 * the small demo network, prints the address, and stops everything on Ctrl-C.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { Cluster } from './lib/cluster';
import { DEMO_PASSWORD, demoEmail } from '../server/db/seed/admins';

const { values } = parseArgs({ options: { nodes: { type: 'string', default: '2' }, port: { type: 'string', default: '55400' } } });
const nodes = Number(values.nodes);
if (!Number.isInteger(nodes) || nodes < 1 || nodes > 8) {
  console.error('--nodes must be 1 to 8');
  process.exit(2);
}
const cluster = new Cluster({ nodes, basePort: Number(values.port) });
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the cluster…');
  await cluster.stop(code !== 0);
  process.exit(code);
};
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

try {
  console.log(`Starting a cluster of ${nodes} API node(s) in ${cluster.dir}…`);
  await cluster.start();
} catch (err) {
  console.error(err);
  await stop(1);
}
console.log(`
Fleet Network Console cluster on ${cluster.url}  (sign in as ${demoEmail('SUPER_ADMIN')} / ${DEMO_PASSWORD};
passcodes go to the mail_outbox table, SMTP_URL being unset)
  HAProxy        ${cluster.url}  → ${cluster.nodes.map((_, i) => `127.0.0.1:${cluster.nodePort(i)}`).join(', ')} (health check GET /healthz)
  primary        ${cluster.databaseUrl}
  replica        ${cluster.readUrl}  (hot standby, searches read here)
  job worker     server/worker.ts
  logs           ${cluster.dir}/*.log
Ctrl-C stops everything.`);
// The nodes serve the console from dist/ (CONSOLE_DIR) as `npm start` does, which builds it first.
if (!fs.existsSync('dist/index.html')) console.log('The console is not built: run `npm run build` for its pages (the API answers meanwhile).');
