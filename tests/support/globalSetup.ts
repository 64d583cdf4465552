import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { templatePath } from './pgliteTemplate';
import { prepareDatabase, serverTemplate } from './db';

/** Prepares one PGlite database and dumps it, once per migration set (see pgliteTemplate.ts). */
async function pgliteTemplateFile(): Promise<void> {
  const file = templatePath();
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = await openDatabase({ dataDir: 'memory://' });
  await prepareDatabase(database);
  const dump = await database.dumpDataDir!();
  await database.close();
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  // Dumps of earlier migration sets are never read again (44 MB each).
  const dir = path.dirname(file);
  for (const old of fs.readdirSync(dir)) {
    if (/^pglite-template-[0-9a-f]+\.tar$/.test(old) && old !== path.basename(file)) fs.rmSync(path.join(dir, old), { force: true });
  }
}

/**
 * Before a project's first test file: the prepared database its files copy, the PGlite dump or
 * (TEST_DB_KIND=pg) the template database on the server.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (project.config.env?.TEST_DB_KIND === 'pg') {
    await serverTemplate();
    return;
  }
  await pgliteTemplateFile();
}
