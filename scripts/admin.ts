// Operator command: `npm run admin -- <command> [options]`. Opens the database the server would
// use (DATABASE_URL, else the PGlite DATA_DIR), applies migrations, runs one command, closes.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import {
  checkPassword,
  checkRole,
  CommandError,
  createAdmin,
  disableAdmin,
  enableAdmin,
  formatAdminList,
  listAdmins,
  normaliseEmail,
  setRole,
} from '../server/admin/commands';
import { ROLE_NAMES } from '../domain/permissions';

const USAGE = `Usage: npm run admin -- <command> [options]

  create   --email E --password P --first F --last L --role R
           (--password - reads the password from the first line of standard input)
  disable  --email E        disables the admin and ends every session of theirs at once
  enable   --email E        enables the admin again and lifts a lockout
  set-role --email E --role R
  list

Roles: ${ROLE_NAMES.join(', ')}.`;

/** Exit codes: 0 done, 1 an unexpected failure, 2 bad usage or input (including an unknown admin). */
class UsageError extends Error {}

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  first: { type: 'string' },
  last: { type: 'string' },
  role: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const ALLOWED: Record<string, readonly string[]> = {
  create: ['email', 'password', 'first', 'last', 'role'],
  disable: ['email'],
  enable: ['email'],
  'set-role': ['email', 'role'],
  list: [],
};

function readPassword(value: string | undefined): string | undefined {
  if (value !== '-') return value;
  return fs.readFileSync(0, 'utf8').split(/\r?\n/)[0];
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  if (!(command in ALLOWED)) throw new UsageError(`Unknown command '${command}'.`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument '${extra[0]}'.`);
  const given = Object.keys(values).filter((k) => k !== 'help');
  const unexpected = given.filter((k) => !ALLOWED[command].includes(k));
  if (unexpected.length > 0) throw new UsageError(`'${command}' does not take --${unexpected.join(', --')}.`);

  // Check what can be checked before opening the database, so a typo fails fast.
  const password = command === 'create' ? checkPassword(readPassword(values.password)) : undefined;
  if (command !== 'list') normaliseEmail(values.email);
  if (command === 'create' || command === 'set-role') checkRole(values.role);

  const config = loadConfig();
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    await database.migrate();
    const db = database.db;
    switch (command) {
      case 'create': {
        const admin = await createAdmin(db, { email: values.email, password, firstname: values.first, lastname: values.last, role: values.role });
        console.log(`Created ${admin.email} (${admin.firstname} ${admin.lastname}) with role ${admin.role}.`);
        break;
      }
      case 'disable': {
        const { revokedSessions } = await disableAdmin(db, values.email);
        console.log(`Disabled ${normaliseEmail(values.email)}; ended ${revokedSessions} session(s).`);
        break;
      }
      case 'enable':
        await enableAdmin(db, values.email);
        console.log(`Enabled ${normaliseEmail(values.email)}.`);
        break;
      case 'set-role': {
        const { from, to } = await setRole(db, values.email, values.role);
        console.log(`Role of ${normaliseEmail(values.email)}: ${from} -> ${to}.`);
        break;
      }
      case 'list':
        console.log(formatAdminList(await listAdmins(db)));
        break;
    }
    return 0;
  } finally {
    await database?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`Error: ${err.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (err instanceof CommandError) {
      console.error(`Error: ${err.message}`);
      process.exit(2);
    }
    console.error(err);
    process.exit(1);
  },
);
