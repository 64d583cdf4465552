import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../../server/db/client';
import { demoPath, templatePath } from './pgliteTemplate';
import { pgliteTemplate, prepareDatabase, prepareDemoNetwork, serverDemoTemplate, serverTemplate } from './db';

/**
 * Dumps a PGlite database prepared by `prepare` (starting from the dump `from`, or a new database)
 * to `file`, unless a dump of the same inputs is already there (see pgliteTemplate.ts).
 */
async function pgliteDump(file: string, from: Blob | undefined, prepare: (database: Database) => Promise<void>): Promise<void> {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: from });
  await database.migrate();
  await prepare(database);
  const dump = await database.dumpDataDir!();
  await database.close();
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  // Dumps of earlier inputs are never read again (44 MB and more each).
  const kind = path.basename(file).replace(/-[0-9a-f]+\.tar$/, '');
  for (const old of fs.readdirSync(path.dirname(file))) {
    if (old.startsWith(`${kind}-`) && /-[0-9a-f]+\.tar$/.test(old) && old !== path.basename(file)) fs.rmSync(path.join(path.dirname(file), old), { force: true });
  }
}

/**
 * Before a project's first test file: the prepared databases its files copy, the PGlite dumps or
 * (TEST_DB_KIND=pg) the template databases on the server.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (project.config.env?.TEST_DB_KIND === 'pg') {
    await serverTemplate();
    await serverDemoTemplate();
    return;
  }
  await pgliteDump(templatePath(), undefined, prepareDatabase);
  await pgliteDump(demoPath(), pgliteTemplate(), prepareDemoNetwork);
}
