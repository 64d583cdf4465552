/**
 * Idempotency keys, for every slug that writes (effect 'write' in its registry entry), in the
 * guard: no handler knows of them. A call may carry `Idempotency-Key: <uuid>` (domain/idempotency.ts).
 *
 * - The first call with a key runs. The key, its admin, the slug and a hash of the body are
 *   inserted at the start of the call's first transaction (a defineMutation slug's is the guard's
 *   own; another slug's is the first one its handler opens through `services.db`), so the key
 *   commits with the write or not at all. A defineMutation slug's answer is stored in that same
 *   transaction; another slug's (it answers after its commit: a mail, a job woken) right after it
 *   answers.
 * - A repeat of the key by the same admin, with the same slug and body, within KEY_TTL_MS, gets the
 *   stored answer (status and JSON text as first sent) with `Idempotent-Replayed: true`; nothing
 *   runs, so nothing is written, audited or mailed again. The same key with another slug or body
 *   is a 422. Keys are the admin's own: another admin's equal key is another key.
 * - Repeats that arrive while the first is running wait for it: on this node in a queue per key
 *   (so they hold no database connection while they wait), then read its answer. On another node,
 *   a repeat's own first transaction inserts the same key: PostgreSQL makes that insert wait for
 *   the first call's transaction, and once it commits the insert finds the key and the repeat's
 *   transaction is rolled back; the repeat then waits for the stored answer (up to WAIT_MS).
 *
 * Which answers are kept (as the payment APIs do: an answer is kept once the call was decided):
 * - every answer, whatever its status, once the key has committed with a write: running the call
 *   again would write twice;
 * - otherwise (nothing was written) a 2xx or 4xx answer, so that a repeat is told the same;
 *   but not 429 or any 5xx, which ask for a retry and have changed nothing: the repeat runs anew.
 *   Nor an answer given before the whole body was read (an upload refused part-way), whose hash
 *   would not match the repeat's.
 * Refusals of the guard before the call runs (session, CSRF, permission, an input that fails its
 * schema, a malformed key) are not kept either: nothing ran.
 *
 * The body's hash: SHA-256 of the JSON body with its members in a canonical order; for a streamed
 * upload (multipart or JSON with a file), of the raw body as it arrives, a multipart body without
 * its boundary (which a browser chooses anew for every request).
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lte } from 'drizzle-orm';
import { canonicalJson, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAYED_HEADER, isIdempotencyKey, KEY_TTL_MS } from '../../domain/idempotency';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { Services } from '../services';
import { ApiError, errorAnswer, INTERNAL_ERROR } from './errors';
import type { SlugDef } from './registry';
import { unreadBody } from './unreadBody';

/** How long a repeat waits for the answer of a first call running on another node. */
const WAIT_MS = 30_000;
const POLL_MS = 50;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The key a call carries, lower-cased; null when it carries none or its slug does not write (a
 * key on a read is ignored). 400 when the header is there but is not a UUID.
 */
export function idempotencyKeyOf(def: Pick<SlugDef, 'effect'>, request: FastifyRequest): string | null {
  if (def.effect !== 'write') return null;
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !isIdempotencyKey(value.trim())) throw new ApiError(400, 'BAD_IDEMPOTENCY_KEY', IDEMPOTENCY_MESSAGES.notUuid);
  return value.trim().toLowerCase();
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The `--boundary` of a multipart body, which the hash leaves out; null for any other body. */
function multipartDelimiter(request: FastifyRequest): Buffer | null {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\//i.test(type)) return null;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const boundary = m?.[1] ?? m?.[2];
  return boundary ? Buffer.from(`--${boundary}`, 'latin1') : null;
}

/**
 * Hashes a request body as whoever reads it reads it, without reading it itself: the stream is
 * paused first, so listening to its 'data' events does not start it flowing; every chunk its
 * reader takes (by read(), a pipe or resume()) passes here. `cut`, when given, is left out of
 * the hash wherever it occurs.
 */
export class BodyTap {
  private readonly hash = crypto.createHash('sha256');
  private carry = Buffer.alloc(0);
  private ended: boolean;
  bytes = 0;

  constructor(
    private readonly stream: Readable,
    private readonly cut: Buffer | null,
  ) {
    this.ended = stream.readableEnded;
    if (this.ended) return;
    stream.pause();
    stream.on('data', (chunk: Buffer | string) => this.update(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
    stream.once('end', () => (this.ended = true));
  }

  /** Whether the whole body has passed. */
  get complete(): boolean {
    return this.ended;
  }

  private update(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (!this.cut) {
      this.hash.update(chunk);
      return;
    }
    const data = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    let from = 0;
    for (let at = data.indexOf(this.cut, from); at !== -1; at = data.indexOf(this.cut, from)) {
      this.hash.update(data.subarray(from, at));
      from = at + this.cut.length;
    }
    // The last bytes may be the start of a delimiter that the next chunk completes.
    const keep = Math.max(from, data.length - (this.cut.length - 1));
    this.hash.update(data.subarray(from, keep));
    this.carry = Buffer.from(data.subarray(keep));
  }

  /** Hex SHA-256 of what has passed so far. */
  digest(): string {
    return this.hash.copy().update(this.carry).digest('hex');
  }

  /** Reads the rest of the body (discarding it) and answers the hash of the whole; 413 past `limit` bytes. */
  async readToEnd(limit: number): Promise<string> {
    if (!this.ended) {
      const stream = this.stream;
      await new Promise<void>((resolve, reject) => {
        const done = (err?: Error) => {
          stream.off('data', onData);
          stream.off('end', onEnd);
          stream.off('close', onClose);
          stream.off('error', done);
          if (err) reject(err);
          else resolve();
        };
        const onData = () => {
          if (this.bytes > limit) done(new ApiError(413, 'PAYLOAD_TOO_LARGE', IDEMPOTENCY_MESSAGES.tooLarge));
        };
        const onEnd = () => done();
        const onClose = () => done(this.ended ? undefined : new Error('The request ended before its body was read.'));
        stream.on('data', onData);
        stream.once('end', onEnd);
        stream.once('close', onClose);
        stream.once('error', done);
        stream.resume();
      });
    }
    return this.digest();
  }
}

/** Thrown inside a call's first transaction when its key is there already (a call on another node). */
class KeyTaken extends Error {
  constructor() {
    super('The idempotency key was taken by another call.');
  }
}

function isKeyTaken(err: unknown): boolean {
  for (let e = err as { cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e instanceof KeyTaken) return true;
  }
  return false;
}

interface BodyHash {
  value: string;
  complete: boolean;
}

/** Whether an answer of a call that wrote nothing is kept for its repeats (see the top of this file). */
const keptWithoutWrite = (status: number) => status < 500 && status !== 429;

/**
 * One run of a call with a key: the services it runs with, whose `db` inserts the key at the start
 * of the first transaction opened through it, and the storing of its answer.
 */
export class KeyedCall {
  readonly services: Services;
  /** 'pending': the first transaction is under way; 'committed': the key committed with it. */
  private claim: 'none' | 'pending' | 'committed' = 'none';
  private answered = false;
  /** Whether the call got past the guard's own checks (its input, an upload slot) to its handler. */
  private started = false;
  private readonly at: Date;

  constructor(
    base: Services,
    private readonly adminId: string,
    private readonly key: string,
    private readonly slug: string,
    private readonly bodyHash: () => BodyHash,
  ) {
    this.at = base.clock.now();
    this.services = { ...base, db: this.claiming(base.db) };
  }

  private get where() {
    return and(eq(idempotencyKeys.adminId, this.adminId), eq(idempotencyKeys.key, this.key));
  }

  /** `db` whose first transaction starts by inserting the key. */
  private claiming(db: Db): Db {
    const transaction = (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => this.transaction(db, fn, config);
    return new Proxy(db, {
      get(target, prop) {
        if (prop === 'transaction') return transaction;
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  private async transaction(db: Db, fn: (tx: Tx) => Promise<unknown>, config?: unknown): Promise<unknown> {
    const open = db.transaction.bind(db) as (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => Promise<unknown>;
    // A later transaction, or one beside the first: the key rides with the first alone.
    if (this.claim !== 'none') return open(fn, config);
    this.claim = 'pending';
    try {
      const result = await open(async (tx) => {
        await this.insertKey(tx);
        return fn(tx);
      }, config);
      this.claim = 'committed';
      return result;
    } catch (err) {
      // Rolled back with the key: a later transaction of the call may carry it instead.
      this.claim = 'none';
      this.answered = false;
      throw err;
    }
  }

  private async insertKey(tx: Tx): Promise<void> {
    const hash = this.bodyHash();
    // On PostgreSQL this waits while another transaction holds an uncommitted row of the key.
    const [row] = await tx
      .insert(idempotencyKeys)
      .values({ adminId: this.adminId, key: this.key, slug: this.slug, requestHash: hash.complete ? hash.value : null, createdAt: this.at })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!row) throw new KeyTaken();
  }

  /** Marks the call as run: its handler starts. A refusal before this is not kept. */
  start(): void {
    this.started = true;
  }

  /** Stores the answer of a defineMutation slug in its (the guard's) transaction, with the write. */
  async answerIn(tx: Tx, result: unknown): Promise<void> {
    await tx.update(idempotencyKeys).set({ status: 200, body: answerText(result), requestHash: this.bodyHash().value }).where(this.where);
    this.answered = true;
  }

  /** Stores the call's answer once it has answered, unless stored already or not to be kept. */
  async finish(status: number, body: string): Promise<void> {
    if (this.answered || !this.started) return;
    const hash = this.bodyHash();
    if (this.claim === 'committed') {
      await this.services.db.update(idempotencyKeys).set({ status, body, requestHash: hash.value }).where(this.where);
    } else if (keptWithoutWrite(status) && hash.complete) {
      // A call that opened no transaction, or whose transaction rolled back: stored on its own.
      await this.services.db
        .insert(idempotencyKeys)
        .values({ adminId: this.adminId, key: this.key, slug: this.slug, requestHash: hash.value, status, body, createdAt: this.at })
        .onConflictDoNothing();
    }
    this.answered = true;
  }
}

/** The JSON text of a handler's result, as the guard answers it. */
export const answerText = (result: unknown) => JSON.stringify(result ?? { success: true });

/** The key's row, or null when there is none or it has expired (an expired one is removed). */
async function storedKey(services: Services, adminId: string, key: string) {
  const where = and(eq(idempotencyKeys.adminId, adminId), eq(idempotencyKeys.key, key));
  const [row] = await services.db.select().from(idempotencyKeys).where(where);
  if (!row) return null;
  const cutoff = new Date(services.clock.now().getTime() - KEY_TTL_MS);
  if (row.createdAt > cutoff) return row;
  await services.db.delete(idempotencyKeys).where(and(where, lte(idempotencyKeys.createdAt, cutoff)));
  return null;
}

/** Runs one function at a time per name, in arrival order. */
class Queue {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const tail = before.then(() => new Promise<void>((r) => (release = r)));
    this.tails.set(name, tail);
    await before;
    try {
      return await fn();
    } finally {
      release();
      if (this.tails.get(name) === tail) this.tails.delete(name);
    }
  }
}

/** Calls with a key waiting for an earlier call with the same key, per app (an API node). */
const queues = new WeakMap<Services, Queue>();

export interface KeyedRequest {
  def: SlugDef;
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  adminId: string;
  key: string;
}

/**
 * Answers a call that carries a key: the stored answer of an earlier call with it, or `run`'s,
 * stored for later repeats. `run` does the call with the services of the KeyedCall it is given.
 * Answers the JSON text sent (the reply's status and type are set here).
 */
export function answerWithKey(k: KeyedRequest, run: (call: KeyedCall) => Promise<unknown>): Promise<string> {
  const { def, request, reply, services, adminId, key } = k;
  let queue = queues.get(services);
  if (!queue) queues.set(services, (queue = new Queue()));
  return queue.run(`${adminId} ${key}`, async () => {
    const streamed = Boolean(def.multipart || def.jsonUpload);
    const tap = streamed ? new BodyTap(unreadBody(request), multipartDelimiter(request)) : null;
    const jsonHash = tap ? '' : sha256(canonicalJson(request.body ?? {}));
    const bodyHash = (): BodyHash => (tap ? { value: tap.digest(), complete: tap.complete } : { value: jsonHash, complete: true });
    const limit = def.multipart ? def.multipart.maxFileBytes + 1024 * 1024 : (def.jsonUpload?.maxBodyBytes ?? 0);
    const waitUntil = Date.now() + WAIT_MS;
    let ran = false;
    for (;;) {
      const stored = await storedKey(services, adminId, key);
      if (stored) {
        const hash = tap ? await tap.readToEnd(limit) : jsonHash;
        if (stored.slug !== def.slug || (stored.requestHash !== null && stored.requestHash !== hash)) {
          throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);
        }
        if (stored.status !== null && stored.body !== null) {
          reply.status(stored.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true').type(JSON_TYPE);
          return stored.body;
        }
        // The first call (on another node) has committed its write but not yet its answer.
        if (Date.now() > waitUntil) throw new ApiError(409, 'IDEMPOTENCY_KEY_IN_USE', IDEMPOTENCY_MESSAGES.inProgress);
        await new Promise((r) => setTimeout(r, POLL_MS));
        continue;
      }
      // A body already read by a run cannot be read again: a second run is never tried.
      if (ran) throw new ApiError(409, 'IDEMPOTENCY_KEY_IN_USE', IDEMPOTENCY_MESSAGES.inProgress);
      ran = true;
      const call = new KeyedCall(services, adminId, key, def.slug, bodyHash);
      let text: string;
      try {
        text = answerText(await run(call));
      } catch (err) {
        if (isKeyTaken(err)) continue;
        const answer = errorAnswer(err) ?? INTERNAL_ERROR;
        await call.finish(answer.status, JSON.stringify(answer.body)).catch((e: unknown) => request.log.error({ err: e }, 'idempotency: the answer of a failed call was not stored'));
        throw err;
      }
      // The call has answered (and may have committed): a failure to keep its answer is not its failure.
      await call.finish(200, text).catch((e: unknown) => request.log.error({ err: e }, 'idempotency: the answer of a call was not stored'));
      reply.type(JSON_TYPE);
      return text;
    }
  });
}
