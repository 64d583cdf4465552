/**
 * What else ends with the session. The authProvider ends it; the dataProvider's caches (search key,
 * live client) register here, so neither provider needs to import the other.
 */
const listeners = new Set<() => void>();

export function onSessionEnd(end: () => void): void {
  listeners.add(end);
}

export function emitSessionEnd(): void {
  for (const end of [...listeners]) end();
}
