import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { serverSecrets } from './db/schema';

/** Reads a named secret, creating it on first use. Every API node sees the same value. */
export async function loadSecret(db: Db, name: string, bytes = 32): Promise<Buffer> {
  await db.insert(serverSecrets).values({ name, value: crypto.randomBytes(bytes) }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row.value;
}
