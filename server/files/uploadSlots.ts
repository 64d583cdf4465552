import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { rowsOf } from '../jobs/network/lookup';

/**
 * How many uploads one admin may send at once, across all API nodes. Every upload call (documents,
 * the web-link logo, network files) takes a slot before any of its body is read and gives it back
 * when it is answered; past the limit the call gets 429 at once. The console sends one file at a
 * time, so 3 leaves room for a second tab; a script sending fifty at once, to any mix of nodes, is
 * held to 3 × one upload's memory (a few MB each, now that uploads stream).
 */
export const MAX_CONCURRENT_UPLOADS_PER_ADMIN = 3;

export const TOO_MANY_UPLOADS_MESSAGE = `You are already uploading ${MAX_CONCURRENT_UPLOADS_PER_ADMIN} files. Wait for one to finish, then try again.`;

/**
 * A slot of a node that died mid-upload is never given back: it stops counting after this long,
 * longer than any upload may take (a 25 MB body at a slow 100 kB/s is about 4 minutes).
 */
export const UPLOAD_SLOT_TTL_MS = 10 * 60_000;

/** Slots past their expiry: removed by the hourly clean-up job (server/jobs/idempotency/cleanup.ts). */
export const PURGE_UPLOAD_SLOTS_SQL = 'DELETE FROM upload_slots WHERE expires_at < now()';

/**
 * Takes the admin's lock first, in a statement of its own: the count of the insert then runs on a
 * snapshot taken after the lock, so it sees the slot another node just took (within one statement
 * the snapshot would predate the lock, and two takes could both count 2 and insert).
 */
async function takeSlot(db: Db, adminId: string, max: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002, hashtext(${adminId}))`);
    const rows = await rowsOf<{ id: string }>(
      tx,
      sql`INSERT INTO upload_slots (admin_id, expires_at)
          SELECT ${adminId}::uuid, now() + make_interval(secs => ${UPLOAD_SLOT_TTL_MS / 1000})
          WHERE (SELECT count(*) FROM upload_slots WHERE admin_id = ${adminId}::uuid AND expires_at > now()) < ${max}
          RETURNING id`,
    );
    return rows[0]?.id ?? null;
  });
}

/** Upload slots kept in the database (table upload_slots), so the limit holds across nodes. */
export class UploadSlots {
  constructor(
    private readonly database: Database,
    private readonly perAdmin = MAX_CONCURRENT_UPLOADS_PER_ADMIN,
  ) {}

  /** Takes a slot for `adminId` and answers its release (safe to call twice); null when all are taken. */
  async take(adminId: string): Promise<(() => Promise<void>) | null> {
    const id = await takeSlot(this.database.db, adminId, this.perAdmin);
    if (!id) return null;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      await this.database.query('DELETE FROM upload_slots WHERE id = $1', [id]);
    };
  }
}
