import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { templatePath } from './pgliteTemplate';

/** Migrates one PGlite database and dumps it, once per migration set (see pgliteTemplate.ts). */
export default async function setup(): Promise<void> {
  const file = templatePath();
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const dump = await database.dumpDataDir!();
  await database.close();
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
}
