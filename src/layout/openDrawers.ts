import { useSyncExternalStore } from 'react';

/**
 * How many drawers are open. The toasts read it: a drawer's heading sits at the top of the screen,
 * where toasts otherwise appear, so while one is open they move out of its way.
 */
let openCount = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Counts a drawer as open; the answer counts it closed again. */
export function drawerOpened(): () => void {
  openCount++;
  emit();
  return () => {
    openCount--;
    emit();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const anyOpen = () => openCount > 0;

export function useAnyDrawerOpen(): boolean {
  return useSyncExternalStore(subscribe, anyOpen, anyOpen);
}
