/**
 * A job's CPU work (parsing a file, checking its rows, writing its log) shares the event loop with
 * the API's requests: it runs in slices of at most JOB_SLICE_MS and lets the loop turn between
 * them, so `/healthz`, searches and static files keep answering while a 25 MB file is read.
 */
import { setImmediate as loopTurn } from 'node:timers/promises';

/**
 * The longest a job works before letting the event loop turn. The target is under 50 ms per turn:
 * on a busy machine 5 ms of work can take several times as long, and a database step on PGlite
 * (a chunk of a file read or written) adds its own.
 */
export const JOB_SLICE_MS = 5;

export class JobSlices {
  private since = performance.now();

  constructor(private readonly ms = JOB_SLICE_MS) {}

  /** True once this slice's time is used up. Cheap: call it after each small piece of work. */
  due(): boolean {
    return performance.now() - this.since >= this.ms;
  }

  /** Lets timers, I/O and requests run (setImmediate comes after them), then starts a new slice. */
  async pause(): Promise<void> {
    await loopTurn();
    this.since = performance.now();
  }
}
