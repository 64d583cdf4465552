import crypto from 'node:crypto';
import type { Database } from '../db/client';
import type { Unlisten } from '../db/listen';

/**
 * Channel of the statement-level triggers of migration 0004_search_change_notify: every INSERT,
 * UPDATE, DELETE or TRUNCATE on a table behind a collection sends the table's name here, whatever
 * wrote it (RPC handlers, jobs, the seed, psql). Lower case: PGlite matches no other.
 */
export const SEARCH_CHANNEL = 'fnc_search_changed';

/**
 * The change triggers of one table (migrations 0004 and 0031); tests put them on their own fixture
 * tables. A table with a stored tsvector (`words`) tells of an UPDATE with the words of the rows it
 * changed, before and after, and whether their words or count dimensions (`compared` columns)
 * changed, in a function of its own; every other change drops all the table's answers.
 */
export function changeTriggersSql(table: string, words: { compared: string[] } | null): string[] {
  const on = (events: string, name: string, fn: string, referencing = '') =>
    `CREATE TRIGGER "${table}_${name}" AFTER ${events} ON "${table}"${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`;
  if (!words) return [on('INSERT OR UPDATE OR DELETE OR TRUNCATE', 'search_changed', 'search_changed')];
  return [
    wordsFunctionDdl(table, words.compared),
    on('INSERT OR DELETE OR TRUNCATE', 'search_changed', 'search_changed'),
    on('UPDATE', 'search_changed_words', `"${table}_search_changed_words"`, ' REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'),
  ];
}

/** An UPDATE of more rows than this is told as a change of the whole table. */
export const WORDS_MAX_ROWS = 32;
/** Nor are more words than fit in a notification (PostgreSQL's payload limit is 8000 bytes). */
const WORDS_MAX_BYTES = 7000;
/** The kinds of a words notification: the rows' words or count dimensions changed, or neither. */
const COUNTS_CHANGED = '*';
const COUNTS_KEPT = '=';

/**
 * `<table> <kind> <words…>`: the words of the rows before and after, and whether the change can
 * alter counts, rankings or which rows match (their tsvector or a `compared` column changed).
 */
function wordsFunctionDdl(table: string, compared: string[]): string {
  const differ = ['search_tsv', ...compared].map((col) => `o.${col} IS DISTINCT FROM n.${col}`).join(' OR ');
  return `CREATE FUNCTION "${table}_search_changed_words"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  words text;
  kind text;
BEGIN
  SELECT count(*) INTO changed FROM (SELECT 1 FROM new_rows LIMIT ${WORDS_MAX_ROWS + 1}) x;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed <= ${WORDS_MAX_ROWS} THEN
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM (SELECT search_tsv FROM old_rows UNION ALL SELECT search_tsv FROM new_rows) r, unnest(tsvector_to_array(r.search_tsv)) w;
    SELECT CASE WHEN EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.seq = o.seq WHERE o.seq IS NULL OR n.seq IS NULL OR ${differ}) THEN '${COUNTS_CHANGED}' ELSE '${COUNTS_KEPT}' END INTO kind;
  END IF;
  IF changed > ${WORDS_MAX_ROWS} OR octet_length(coalesce(words, '')) > ${WORDS_MAX_BYTES} THEN
    PERFORM pg_notify('${SEARCH_CHANNEL}', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('${SEARCH_CHANNEL}', TG_TABLE_NAME || ' ' || kind || ' ' || coalesce(words, ''));
  END IF;
  RETURN NULL;
END
$$`;
}

/**
 * The words a cached value depends on, for an answer of a text query over the stored tsvector of
 * `table`: every document it counts or shows holds each of `exact` and a word starting with
 * `prefix`. A changed row holding none of these matched neither before nor after, so the value stands.
 */
export interface WordTag {
  table: string;
  exact: string[];
  prefix: string | null;
  /**
   * Counts, counts per dimension and ranked orders: they stand when the changed rows kept their
   * words and count dimensions (a hit's other fields changed); answers, whose hits show those
   * fields, do not.
   */
  countsOnly?: boolean;
}

/** A table's generation at some moment, plus the epoch (bumped on every clear). */
export type Generation = string;

/** The words of one changed statement (the rows before and after), in the order they arrived. */
interface WordChange {
  pos: number;
  words: Set<string>;
  /** The rows' words or count dimensions changed. */
  counts: boolean;
}
/** Word changes kept per table; a value older than the oldest kept is not checked, but dropped. */
const WORD_LOG_MAX = 256;

const tagMatches = (tag: WordTag, change: WordChange) => {
  if (tag.countsOnly && !change.counts) return false;
  const words = change.words;
  if (!tag.exact.every((w) => words.has(w))) return false;
  if (tag.prefix === null) return true;
  for (const w of words) if (w.startsWith(tag.prefix)) return true;
  return false;
};

export interface CacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** Payloads sync() sends on the change channel; never a table name. */
const SYNC_PREFIX = 'sync:';
const SYNC_TIMEOUT_MS = 2000;

export const DEFAULT_LIMITS: CacheLimits = { maxEntries: 2000, maxBytes: 64 * 1024 * 1024 };

/**
 * Per-table change generations fed by NOTIFY, and an LRU of search answers tagged with the
 * generation they were computed under. An entry is served only while its tables' generation is
 * unchanged, and a result is stored only if the generation read before its query still holds
 * afterwards, so an answer computed while a write committed is never kept. While the listening
 * connection is down nothing is cached (a change could go unnoticed); when it is back everything
 * is dropped, since notifications sent meanwhile are lost.
 */
export class SearchCache<V extends { bytes: number; words?: WordTag | null }> {
  private readonly gens = new Map<string, number>();
  /** Per table: the changes told with their words (positions count up from 1), the newest last. */
  private readonly wordLogs = new Map<string, { pos: number; changes: WordChange[] }>();
  private epoch = 0;
  private listening = false;
  private readonly entries = new Map<string, { gen: Generation; value: V }>();
  private bytes = 0;
  private readonly waiters = new Set<{ table: string; resolve: () => void }>();
  private readonly syncs = new Map<string, () => void>();

  /** Told of every change, as it bumps the generation (a replica raises its floor: db/replica.ts). */
  onChange?: () => void;

  constructor(readonly limits: CacheLimits = DEFAULT_LIMITS) {}

  private onPayload(payload: string): void {
    if (!payload.startsWith(SYNC_PREFIX)) {
      const [table, kind, ...words] = payload.split(' ');
      if (kind === undefined) this.bump(table);
      else this.changedWords(table, words.filter(Boolean), kind !== COUNTS_KEPT);
      return this.onChange?.();
    }
    this.syncs.get(payload)?.();
    this.syncs.delete(payload);
  }

  /**
   * Resolves once every change committed before the call has been notified here: a marker sent on
   * the channel comes back after them, since notifications arrive in commit order. Without an
   * answer in time the cache is cleared instead, which is as safe.
   */
  async sync(database: Database, timeoutMs = SYNC_TIMEOUT_MS): Promise<void> {
    if (!this.listening) return;
    const token = `${SYNC_PREFIX}${crypto.randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      this.syncs.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      await database.query('SELECT pg_notify($1, $2)', [SEARCH_CHANNEL, token]);
      if (!(await arrived)) this.clear();
    } catch {
      this.clear();
    } finally {
      clearTimeout(timer);
      this.syncs.delete(token);
    }
  }

  /** With the listener gone the cache is off (and cleared): nobody need wait for a marker. */
  private releaseSyncs(): void {
    for (const release of this.syncs.values()) release();
    this.syncs.clear();
  }

  /** LISTENs for changes; without a working listener the cache stays off. */
  async start(database: Database, onError: (err: unknown) => void): Promise<Unlisten> {
    const unlisten = await database.listen(SEARCH_CHANNEL, (payload) => this.onPayload(payload), {
      onError: (err) => {
        this.listening = false;
        this.clear();
        this.releaseSyncs();
        onError(err);
      },
      onReconnect: () => {
        this.clear();
        this.listening = true;
      },
    });
    this.listening = true;
    return async () => {
      this.listening = false;
      this.clear();
      this.releaseSyncs();
      await unlisten();
    };
  }

  get enabled(): boolean {
    return this.listening;
  }

  generation(tables: readonly string[]): Generation {
    let g = String(this.epoch);
    for (const t of tables) g += `:${this.gens.get(t) ?? 0}.${this.wordLogs.get(t)?.pos ?? 0}`;
    return g;
  }

  /**
   * True when a value computed under `gen` may still be used: nothing changed in its tables since,
   * or, for a value tagged with words, only rows of its own table holding none of its words.
   */
  current(tables: readonly string[], gen: Generation, words?: WordTag | null): boolean {
    if (!this.listening) return false;
    const now = this.generation(tables);
    if (now === gen) return true;
    if (!words) return false;
    const [epoch, ...was] = gen.split(':');
    if (epoch !== String(this.epoch) || was.length !== tables.length) return false;
    return tables.every((t, i) => {
      const [g, p] = was[i].split('.').map(Number);
      const log = this.wordLogs.get(t);
      const pos = log?.pos ?? 0;
      if (g !== (this.gens.get(t) ?? 0)) return false;
      if (p === pos) return true;
      if (t !== words.table || !log || log.changes.length === 0 || log.changes[0].pos > p + 1) return false;
      return log.changes.every((c) => c.pos <= p || !tagMatches(words, c));
    });
  }

  get(key: string, tables: readonly string[]): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (!this.current(tables, e.gen, e.value.words)) {
      this.delete(key);
      return undefined;
    }
    // Checked against the changes since: from now on only later ones need checking.
    e.gen = this.generation(tables);
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, tables: readonly string[], gen: Generation, value: V): void {
    if (!this.current(tables, gen, value.words) || value.bytes > this.limits.maxBytes) return;
    this.delete(key);
    this.entries.set(key, { gen, value });
    this.bytes += value.bytes;
    for (const [k] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.delete(k);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  bump(table: string): void {
    this.gens.set(table, (this.gens.get(table) ?? 0) + 1);
    this.wake(table);
  }

  /** Rows of `table` holding these words (before or after) changed; `counts`: their words or count dimensions too. */
  changedWords(table: string, words: string[], counts = true): void {
    let log = this.wordLogs.get(table);
    if (!log) this.wordLogs.set(table, (log = { pos: 0, changes: [] }));
    log.changes.push({ pos: ++log.pos, words: new Set(words), counts });
    if (log.changes.length > WORD_LOG_MAX) log.changes.shift();
    this.wake(table);
  }

  private wake(table: string): void {
    for (const w of this.waiters) {
      if (w.table !== table) continue;
      this.waiters.delete(w);
      w.resolve();
    }
  }

  /** Resolves at the next change notification for `table` (tests wait on it instead of sleeping). */
  nextChange(table: string): Promise<void> {
    return new Promise((resolve) => this.waiters.add({ table, resolve }));
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.value.bytes;
  }
}
