import type { Config } from '../../config';
import type { FileBodies, StoreKind } from './bodies';
import { postgresBodies } from './postgres';
import { s3Bodies } from './s3';

export type { FileBodies, StoreKind } from './bodies';

/**
 * The byte stores of this process: `current` takes new files (FILE_STORE); every configured one
 * serves the files already in it, so changing FILE_STORE never strands a file.
 */
export interface FileStore {
  readonly current: FileBodies;
  /** The store a file's row names; throws when this process has no settings for it. */
  bodies(kind: StoreKind): FileBodies;
  /** Every configured store (the clean-up sweeps each). */
  readonly all: readonly FileBodies[];
  close(): void;
}

export function fileStoreOf(current: StoreKind, stores: FileBodies[], close: () => void = () => undefined): FileStore {
  const byKind = new Map(stores.map((s) => [s.kind, s]));
  const bodies = (kind: StoreKind) => {
    const found = byKind.get(kind);
    if (!found) throw new Error(`A file is kept in the ${kind} store, which is not configured (README "File storage")`);
    return found;
  };
  return { current: bodies(current), bodies, all: stores, close };
}

/** The stores the configuration names (README "File storage"): PostgreSQL always, S3 when S3_BUCKET is set. */
export function createFileStore(config: Config['files']): FileStore {
  const s3 = config.s3 ? s3Bodies(config.s3) : null;
  return fileStoreOf(config.store, s3 ? [postgresBodies(), s3] : [postgresBodies()], () => s3?.client.destroy());
}
