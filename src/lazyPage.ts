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

/**
 * Every page of the console is loaded through here, so the main bundle holds only the shell:
 * `lazyPage(() => import('./pages/LoginPage').then((m) => m.LoginPage))`.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => withChunkTimeout(load()).then((component) => ({ default: component })));
}
