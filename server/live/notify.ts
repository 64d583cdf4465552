import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { parseTopic, type LiveMessage, type LivePayload } from '../../domain/live';

/** The one NOTIFY channel every API node LISTENs on. Lower case: PGlite matches no other. */
export const LIVE_CHANNEL = 'fnc_live';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep a margin. */
export const MAX_NOTIFY_BYTES = 7900;

/**
 * Tells every console following `topic` that something changed. Runs pg_notify inside the caller's
 * transaction, so PostgreSQL delivers it only on commit and drops it on rollback. Send ids and
 * versions, never records: consoles refetch what they show, through the normal permission checks.
 */
export async function notify(tx: Tx, topic: string, payload: LivePayload = {}): Promise<void> {
  // An undeclared topic could never be subscribed to; failing loudly catches the typo in tests.
  if (!parseTopic(topic)) throw new Error(`Undeclared live topic '${topic}' (see domain/live.ts)`);
  const message = JSON.stringify({ topic, payload } satisfies LiveMessage);
  if (Buffer.byteLength(message) > MAX_NOTIFY_BYTES) {
    throw new Error(`Live payload for '${topic}' is ${Buffer.byteLength(message)} bytes; send ids, not records`);
  }
  await tx.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${message})`);
}
