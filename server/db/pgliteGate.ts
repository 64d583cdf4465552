/**
 * PGlite has one session. Statements may be sent to it back to back (its thread runs them in the
 * order sent), but a transaction needs the session to itself from BEGIN to COMMIT: whatever is
 * asked meanwhile waits, first come first served, as PGlite's own transaction() does in-process.
 */
export class SessionGate {
  private held = false;
  private readonly waiting: { exclusive: boolean; go: () => void }[] = [];

  /** Runs `send` once no transaction holds the session or waits for it before this call. */
  async shared<T>(send: () => Promise<T>): Promise<T> {
    if (this.held || this.waiting.length > 0) await new Promise<void>((go) => this.waiting.push({ exclusive: false, go }));
    return send();
  }

  /** Runs `work` with the session to itself. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.held || this.waiting.length > 0) await new Promise<void>((go) => this.waiting.push({ exclusive: true, go }));
    else this.held = true;
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private release(): void {
    this.held = false;
    while (this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      // Woken in order, the shared ones send before the next transaction's BEGIN.
      if (next.exclusive) this.held = true;
      next.go();
      if (next.exclusive) return;
    }
  }
}
