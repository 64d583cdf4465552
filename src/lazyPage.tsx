import { useEffect, useReducer, type ComponentType, type ReactNode } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../domain/constants';
import { LoadingScreen } from './layout/LoadingScreen';

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
export type LazyPage<P extends object = object> = ComponentType<P> & { preload(): void };

type Loading<P> =
  | { status: 'idle' }
  | { status: 'pending'; promise: Promise<unknown> }
  | { status: 'loaded'; Component: ComponentType<P> }
  | { status: 'failed'; error: unknown };

/**
 * Every page of the console is loaded through here, so the first file holds only the shell (the
 * build puts the pages in two files of their own, public and console: vite.config.ts):
 * `lazyPage(() => import('./pages/LoginPage').then((m) => m.LoginPage))`. `preload` starts the
 * download early (the console's frame, while the session is checked); rendering then waits
 * for the same download.
 *
 * Not React.lazy with Suspense: React holds back a suspended part's content until 300 ms after
 * the last loading fallback it showed, so the frame and then its page, each already downloaded,
 * cost a first load of the console up to 600 ms of doing nothing. Here the placeholder shows
 * while the code is on its way, and the page renders in the same turn as it arrives; once loaded
 * it renders at once. A load that fails or times out is thrown to the nearest error boundary.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, placeholder: (props: P) => ReactNode = () => <LoadingScreen fullHeight={false} />): LazyPage<P> {
  let loading: Loading<P> = { status: 'idle' };
  const start = () => {
    if (loading.status !== 'idle') return;
    const promise = withChunkTimeout(load()).then(
      (Component) => void (loading = { status: 'loaded', Component }),
      (error: unknown) => void (loading = { status: 'failed', error }),
    );
    loading = { status: 'pending', promise };
  };
  function LazyPageView(props: P) {
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    start();
    const pending = loading.status === 'pending' ? loading.promise : undefined;
    useEffect(() => {
      let mounted = true;
      pending?.then(() => mounted && arrived());
      return () => void (mounted = false);
    }, [pending]);
    if (loading.status === 'loaded') return <loading.Component {...props} />;
    if (loading.status === 'failed') throw loading.error;
    return placeholder(props);
  }
  // A failure is the view's to report when the page renders (the same promise), not preload's.
  return Object.assign(LazyPageView, { preload: start });
}
