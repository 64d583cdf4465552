// An API process for the multi-node tests: the real app on DATABASE_URL plus the fixture slugs,
// on a free port that it prints as "LISTENING <port>".
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { buildApp } from '../../server/app';
import { mountSlugs } from '../../server/rpc/guard';
import { fixtureSlugs } from './fixtureRecords';

const config = loadConfig({ ...process.env, NODE_ENV: 'test' }, { consoleDir: '/nonexistent', seedDemo: false });
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 4 });
const { app, services } = await buildApp({ config, database, logger: false });
mountSlugs(app, services, fixtureSlugs);
app.addHook('onClose', async () => database.close());
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${(app.server.address() as AddressInfo).port}\n`);
process.once('SIGTERM', () => {
  app.close().then(() => process.exit(0), () => process.exit(1));
});
