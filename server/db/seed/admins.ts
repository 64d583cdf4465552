import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { administrators } from '../schema';
import { hashPassword } from '../../auth/passwords';
import { ROLE_NAMES, type RoleName } from '../../../domain/permissions';

/** The demo password of every demo admin (README). Only ever seeded into a new database. */
export const DEMO_PASSWORD = 'Fleet-Demo-2026!';

const PEOPLE: Record<RoleName, [string, string]> = {
  SUPER_ADMIN: ['Sam', 'Super'],
  EDITOR: ['Erin', 'Editor'],
  VIEWER: ['Vic', 'Viewer'],
  SUPPORT: ['Sol', 'Support'],
  FINANCE: ['Fay', 'Finance'],
};

export function demoEmail(role: RoleName): string {
  return `${role.toLowerCase().replace('_', '.')}@fleet-network.example`;
}

/** One demo admin per role preset, when the administrators table is empty. */
export async function seedDemoAdmins(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(administrators);
  if (Number(n) > 0) return 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(administrators).values(
    ROLE_NAMES.map((role) => ({ email: demoEmail(role), firstname: PEOPLE[role][0], lastname: PEOPLE[role][1], passwordHash, role })),
  );
  return ROLE_NAMES.length;
}
