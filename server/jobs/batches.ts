/**
 * Reading a stored file in batches: each batch's database work runs while the next batch is
 * parsed, and batches still settle in file order, at most two held at once. The network import
 * and file validation read files so.
 */
export function orderedBatches<B>(settle: (batch: B) => Promise<void>) {
  let previous: Promise<void> = Promise.resolve();
  return {
    /** Waits for the batch before, then starts this one. */
    async add(batch: B): Promise<void> {
      await previous;
      previous = settle(batch);
      // Awaited at the next add or at drain; until then a failure must not count as unhandled.
      previous.catch(() => undefined);
    },
    /** Waits for the last batch started (its failure is thrown here). */
    drain: (): Promise<void> => previous,
    /** Lets a batch still at work end, whatever its outcome (before the caller's transaction is rolled back). */
    quiesce: (): Promise<void> => previous.catch(() => undefined),
  };
}

/** The CSV parser's own errors (codes CSV_…): a file that is not CSV, to report, not to throw. */
export function isCsvError(err: unknown): err is Error {
  return err instanceof Error && String((err as { code?: string }).code ?? '').startsWith('CSV_');
}
