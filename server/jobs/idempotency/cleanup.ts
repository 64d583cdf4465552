/**
 * The idempotency keys clean-up job (hourly, SCHEDULED_JOBS.idempotencyKeysCleanup in
 * domain/backgroundJobs.ts): removes the keys of server/rpc/idempotency.ts once they are older
 * than KEY_TTL_MS (24 hours), after which a repeat of a key runs as a new call anyway. Works in
 * batches of BATCH keys, each one short statement, so it never holds long locks; running it twice
 * is harmless. It also removes the rate-limit windows and upload slots that have run out
 * (server/rateLimitStore.ts, server/files/uploadSlots.ts): the same kind of short-lived row.
 */
import { sql } from 'drizzle-orm';
import { KEY_TTL_MS } from '../../../domain/idempotency';
import type { Services } from '../../services';
import { rowsOf } from '../network/lookup';
import { PURGE_RATE_LIMIT_SQL } from '../../rateLimitStore';
import { PURGE_UPLOAD_SLOTS_SQL } from '../../files/uploadSlots';

/** Keys removed per statement. */
export const BATCH = 1000;

/** Removes every expired key; answers how many. */
export async function cleanUpIdempotencyKeys(services: Services): Promise<number> {
  const cutoff = new Date(services.clock.now().getTime() - KEY_TTL_MS).toISOString();
  let removed = 0;
  for (;;) {
    const rows = await rowsOf<{ key: string }>(
      services.db,
      sql`DELETE FROM idempotency_keys k
          USING (SELECT admin_id, key FROM idempotency_keys WHERE created_at <= ${cutoff} ORDER BY created_at LIMIT ${BATCH}) old
          WHERE k.admin_id = old.admin_id AND k.key = old.key
          RETURNING k.key`,
    );
    removed += rows.length;
    if (rows.length < BATCH) break;
  }
  await services.database.query(PURGE_RATE_LIMIT_SQL);
  await services.database.query(PURGE_UPLOAD_SLOTS_SQL);
  services.log.info({ removed, cutoff }, 'idempotency keys clean-up');
  return removed;
}
