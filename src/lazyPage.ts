import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../domain/constants';

/** Raised when a page's code has not arrived in time (spec 1 §8). */
export class ChunkLoadError extends Error {
  constructor(message = 'Loading a part of the console timed out. Please reload the page.') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Rejects with a ChunkLoadError when `promise` has not settled after `ms`. */
export function withChunkTimeout<T>(promise: Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A lazily loaded page whose code can be asked for before it renders. */
export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & { preload(): void };

/**
 * Every page of the console is loaded through here, so the first file holds only the shell (the
 * build puts the pages in two files of their own, public and console: vite.config.ts):
 * `lazyPage(() => import('./pages/LoginPage').then((m) => m.LoginPage))`. `preload` starts the
 * download early (the console's frame, while the session is checked); rendering then waits
 * for the same download.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => (loading ??= withChunkTimeout(load()).then((component) => ({ default: component })));
  return Object.assign(lazy(start), {
    preload() {
      // A failure is React's to report when the page renders (the same promise), not here.
      start().catch(() => undefined);
    },
  });
}
