/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (table rate_limit_hits), so a per-IP
 * limit holds across API nodes: a client cannot multiply its attempts by the number of nodes
 * behind the load balancer. One upsert per counted request; works the same on PGlite.
 */
import type { Database } from './db/client';

interface Counted {
  current: number;
  ttl: number;
}

type Callback = (err: Error | null, res?: Counted) => void;

/** One statement: a new window, a hit in the current one, or a window past its end started again. */
const HIT_SQL = `
INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN rate_limit_hits.reset_at <= now() THEN 1 ELSE rate_limit_hits.hits + 1 END,
  reset_at = CASE WHEN rate_limit_hits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limit_hits.reset_at END
RETURNING hits, GREATEST(0, (EXTRACT(EPOCH FROM reset_at - now()) * 1000))::float8 AS ttl`;

/** Expired windows: removed by the daily clean-up job (server/jobs). */
export const PURGE_RATE_LIMIT_SQL = 'DELETE FROM rate_limit_hits WHERE reset_at < now()';

/** The store class @fastify/rate-limit instantiates (`store` option), bound to `database`. */
export function databaseRateLimitStore(database: Database) {
  return class DatabaseRateLimitStore {
    /** The plugin passes its options (unused); each route's child keeps its counters apart by the prefix. */
    constructor(_options?: unknown, private readonly prefix = '') {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      database.query<{ hits: number; ttl: number }>(HIT_SQL, [`${this.prefix}${key}`, timeWindow]).then(
        ([row]) => cb(null, { current: Number(row.hits), ttl: Math.ceil(Number(row.ttl)) }),
        (err: Error) => cb(err),
      );
    }

    /** At run time the plugin passes its merged limits with the route as `routeInfo` (its types say otherwise). */
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${String(route?.method ?? '')} ${route?.url ?? ''}|`);
    }
  };
}
