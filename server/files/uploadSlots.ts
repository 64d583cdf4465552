/**
 * How many uploads one admin may send at once to one API node. Every upload call (documents, the
 * web-link logo, network files) takes a slot before any of its body is read and gives it back when
 * it is answered; past the limit the call gets 429 at once. The console sends one file at a time,
 * so 3 leaves room for a second tab; a script sending fifty at once is held to 3 × one upload's
 * memory (a few MB each, now that uploads stream). Counted in memory: per node, like the sign-in
 * rate limit; each node protects its own memory.
 */
export const MAX_CONCURRENT_UPLOADS_PER_ADMIN = 3;

export const TOO_MANY_UPLOADS_MESSAGE = `You are already uploading ${MAX_CONCURRENT_UPLOADS_PER_ADMIN} files. Wait for one to finish, then try again.`;

export class UploadSlots {
  private readonly inUse = new Map<string, number>();

  constructor(private readonly perAdmin = MAX_CONCURRENT_UPLOADS_PER_ADMIN) {}

  /** Takes a slot for `adminId` and answers its release (safe to call twice); null when all are taken. */
  take(adminId: string): (() => void) | null {
    const used = this.inUse.get(adminId) ?? 0;
    if (used >= this.perAdmin) return null;
    this.inUse.set(adminId, used + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inUse.get(adminId) ?? 1) - 1;
      if (left > 0) this.inUse.set(adminId, left);
      else this.inUse.delete(adminId);
    };
  }
}
