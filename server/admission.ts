import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../domain/messages';
import { LIVE_URL } from './live/route';

/**
 * Admission control of one API node: at most `maxInFlight` API calls run at once; the next ones
 * wait in a bounded queue for at most `maxWaitMs`. A call that cannot be served in time is told so
 * at once, 503 with Retry-After, instead of queueing without bound in the database drivers.
 *
 * A call is refused only before its handler starts, so a write is never cut off half-way; a
 * refused write changed nothing and may be sent again (with its Idempotency-Key).
 */
export interface AdmissionLimits {
  /** Calls running at once (their handlers started, their answers not yet sent). */
  maxInFlight: number;
  /** Calls waiting for a place; past this, an arriving call is refused at once. */
  maxQueued: number;
  /** The longest a call waits for a place before it is refused. */
  maxWaitMs: number;
  /**
   * Refuse every new call at once while the event loop runs this late: the process is short of
   * CPU, calls wait in the socket before they are even counted, and only shedding catches up.
   */
  maxLagMs: number;
}

/** What a refused call is told to wait before trying again (Retry-After, in seconds). */
export const RETRY_AFTER_SECONDS = 2;

/** Calls arrived this second and the one before, from which a late event loop sheds new ones. */
export const LAG_SHEDS_FROM = 20;

interface Waiter {
  since: number;
  admit(): void;
  timer: NodeJS.Timeout;
}

export type Ticket = () => void;

/** The counting part, apart from HTTP, so its rules are tested on their own. */
export class Admission {
  private inFlight = 0;
  private readonly queue: Waiter[] = [];
  private refusedCount = 0;
  private second = 0;
  private arrivals = 0;
  private lastSecondArrivals = 0;

  constructor(
    /** Read at each call, so a benchmark may lift them for a run. */
    public limits: AdmissionLimits,
    private readonly now: () => number = () => performance.now(),
    /** How late the event loop runs now, in ms (EventLoopLag). */
    private readonly lag: () => number = () => 0,
  ) {
    const whole = (n: number, min: number) => Number.isInteger(n) && n >= min;
    if (!whole(limits.maxInFlight, 1)) throw new Error(`ADMISSION_MAX_IN_FLIGHT must be a whole number of 1 or more, got ${limits.maxInFlight}`);
    if (!whole(limits.maxQueued, 0)) throw new Error(`ADMISSION_MAX_QUEUED must be a whole number of 0 or more, got ${limits.maxQueued}`);
    if (!whole(limits.maxWaitMs, 0)) throw new Error(`ADMISSION_MAX_WAIT_MS must be a whole number of 0 or more, got ${limits.maxWaitMs}`);
    if (!whole(limits.maxLagMs, 1)) throw new Error(`ADMISSION_MAX_LAG_MS must be a whole number of 1 or more, got ${limits.maxLagMs}`);
  }

  get running(): number {
    return this.inFlight;
  }

  get waiting(): number {
    return this.queue.length;
  }

  get refused(): number {
    return this.refusedCount;
  }

  /**
   * A ticket (call it once when the call's work has ended), or null: refused. Refused at once while
   * the event loop lags past its bound while LAG_SHEDS_FROM calls arrive, when the queue is full, or when its oldest call has already waited half the bound: the queue is not
   * draining in time, so a newcomer would only wait to be refused later.
   */
  enter(): Ticket | null | Promise<Ticket | null> {
    const now = this.now();
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.lastSecondArrivals = second === this.second + 1 ? this.arrivals : 0;
      this.arrivals = 0;
      this.second = second;
    }
    this.arrivals++;
    // A late loop while few calls arrive is someone else's doing (start-up, another process on the
    // machine): refusing would not help it, so only a node that is sent many calls sheds for lag.
    // Calls are counted as they arrive, not as they run: on PGlite a call's work holds the loop, so
    // a saturated node has few calls running and many waiting in its sockets.
    if (this.arrivals + this.lastSecondArrivals >= LAG_SHEDS_FROM && this.lag() > this.limits.maxLagMs) {
      this.refusedCount++;
      return null;
    }
    if (this.inFlight < this.limits.maxInFlight && this.queue.length === 0) return this.ticket();
    const oldest = this.queue[0];
    if (this.queue.length >= this.limits.maxQueued || (oldest && now - oldest.since >= this.limits.maxWaitMs / 2)) {
      this.refusedCount++;
      return null;
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        since: this.now(),
        admit: () => resolve(this.ticket()),
        timer: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          this.refusedCount++;
          resolve(null);
        }, this.limits.maxWaitMs),
      };
      this.queue.push(waiter);
    });
  }

  private ticket(): Ticket {
    this.inFlight++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight--;
      const next = this.queue.shift();
      if (next) {
        clearTimeout(next.timer);
        next.admit();
      }
    };
  }
}

/**
 * How late the event loop runs, smoothed: a timer due every `everyMs` notes how late it fired, and
 * each note moves the figure a third of the way. One slow statement or collection moves it a
 * little; a loop late tick after tick (the process short of CPU) moves it all the way. A loop held
 * for long is noted too: timers run before the next sockets are read. Only the smoothed figure is
 * read: with the tick overdue counted as well, the calls read in one turn after a busy one were
 * refused in a burst, 5 of 6,000 at a steady 100 a second (40 % of this node's capacity), none
 * waiting or queued beyond the limits; without it, none, and overload is shed as before
 * (bench:shedding).
 */
export class EventLoopLag {
  private last = performance.now();
  private smoothed = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(everyMs = 20) {
    this.timer = setInterval(() => {
      const now = performance.now();
      this.smoothed += (Math.max(0, now - this.last - everyMs) - this.smoothed) / 3;
      this.last = now;
    }, everyMs);
    // It watches the process; it does not keep it alive.
    this.timer.unref();
  }

  get ms(): number {
    return this.smoothed;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

const SEARCH_PREFIX = '/api/v1/search/';

/** Health checks, the console's files and the live stream (open for hours by design) are not counted. */
function counted(url: string): boolean {
  return url.startsWith('/api/') && url.split('?')[0] !== LIVE_URL;
}

function refuse(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  // The search endpoint speaks Typesense's protocol, whose 503 reads 'Not Ready or Lagging'.
  if (request.url.startsWith(SEARCH_PREFIX)) {
    reply.header('access-control-allow-origin', '*');
    return reply.status(503).send({ message: 'Not Ready or Lagging' });
  }
  return reply.status(503).send({ error: { code: 'BUSY', message: MESSAGES.serverBusy } });
}

/**
 * Puts every API call through `admission`. The place is held until the answer is sent. A client
 * that goes away does not end its handler's work, so then the place is held until the handler has
 * answered (onSend), not given back when the socket closes.
 */
export function registerAdmission(app: FastifyInstance, limits: AdmissionLimits): void {
  const lag = new EventLoopLag();
  app.addHook('onClose', async () => lag.stop());
  const admission = new Admission(limits, undefined, () => lag.ms);
  app.decorate('admission', admission);
  app.addHook('onRequest', async (request, reply) => {
    if (!counted(request.url)) return;
    const ticket = await admission.enter();
    if (!ticket) return refuse(request, reply);
    let answered = false;
    let closed = false;
    reply.raw.once('finish', ticket);
    reply.raw.once('close', () => {
      closed = true;
      if (answered) ticket();
    });
    request.admissionAnswered = () => {
      answered = true;
      if (closed) ticket();
    };
  });
  app.addHook('onSend', async (request) => {
    request.admissionAnswered?.();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's admission control: its counts are read by tests and benchmarks. */
    admission: Admission;
  }
  interface FastifyRequest {
    /** Set by the admission hook, called once the call has its answer. */
    admissionAnswered?: () => void;
  }
}
