import { ACTIVITY_THROTTLE_MS } from '../domain/constants';

/** What counts as the user being present (spec 1 §4 "Session inactivity"). */
const WINDOW_EVENTS = ['mousemove', 'keydown', 'click', 'scroll', 'wheel', 'touchstart'] as const;

export interface InactivityOptions {
  /** Quiet time after which onIdle fires. */
  idleMs: number;
  onIdle(): void;
  /** Every (throttled) activity while the monitor is running. */
  onActivity?(): void;
  throttleMs?: number;
}

export interface InactivityMonitor {
  /** Starts counting again from now (after 'Stay signed in'). */
  restart(): void;
  /** While paused (the expiry modal is open) activity does not reset the timer. */
  pause(): void;
  stop(): void;
}

/** A framework-free inactivity timer over window and document events. */
export function startInactivityMonitor(options: InactivityOptions): InactivityMonitor {
  const throttleMs = options.throttleMs ?? ACTIVITY_THROTTLE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastHandled = 0;
  let paused = false;
  let stopped = false;

  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      paused = true;
      options.onIdle();
    }, options.idleMs);
  };

  const onEvent = () => {
    if (paused || stopped) return;
    const now = Date.now();
    if (now - lastHandled < throttleMs) return;
    lastHandled = now;
    arm();
    options.onActivity?.();
  };

  for (const name of WINDOW_EVENTS) window.addEventListener(name, onEvent, { passive: true, capture: true });
  document.addEventListener('visibilitychange', onEvent);
  arm();

  return {
    restart() {
      if (stopped) return;
      paused = false;
      lastHandled = Date.now();
      arm();
    },
    pause() {
      paused = true;
      clearTimeout(timer);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const name of WINDOW_EVENTS) window.removeEventListener(name, onEvent, { capture: true });
      document.removeEventListener('visibilitychange', onEvent);
    },
  };
}
