import pg from 'pg';

/** What Database.listen calls back with. */
export interface ListenOptions {
  /**
   * Called after a lost listening connection is back. Notifications sent while it was down are
   * gone (NOTIFY is not queued for absent listeners), so callers should tell their clients to refetch.
   */
  onReconnect?: () => void;
  /** Reports connection trouble; the listener keeps retrying whatever happens. */
  onError?: (err: unknown) => void;
}

/** Stops listening and releases the connection. */
export type Unlisten = () => Promise<void>;

/** Channel names are unquoted identifiers, and PGlite only matches them in lower case. */
export function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid NOTIFY channel '${channel}': use lower-case letters, digits and _`);
}

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 10_000;

/**
 * LISTEN on a dedicated pg.Client outside the pool: a pooled connection goes back to other queries
 * and its LISTEN would be lost or leak to them. When the connection drops it reconnects with
 * exponential backoff, LISTENs again and reports it through onReconnect.
 */
export async function listenPg(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  opts: ListenOptions = {},
): Promise<Unlisten> {
  assertChannel(channel);
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let attempt = 0;

  const open = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString, keepAlive: true });
    client.on('notification', (m) => {
      if (m.channel === channel) onPayload(m.payload ?? '');
    });
    // 'error' and 'end' both fire on a lost connection; only the first one for this client counts.
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (err) opts.onError?.(err);
      if (current === client) current = null;
      client.end().catch(() => undefined);
      if (!closed) schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      lost = true;
      client.end().catch(() => undefined);
      throw err;
    }
    return client;
  };

  const schedule = () => {
    if (retry || closed) return;
    const delay = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** attempt);
    attempt++;
    retry = setTimeout(async () => {
      retry = null;
      try {
        const client = await open();
        if (closed) {
          await client.end().catch(() => undefined);
          return;
        }
        current = client;
        attempt = 0;
        opts.onReconnect?.();
      } catch (err) {
        opts.onError?.(err);
        schedule();
      }
    }, delay);
    retry.unref();
  };

  current = await open();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    if (client) await client.end().catch(() => undefined);
  };
}
