import { useSyncExternalStore } from 'react';
import { getState, subscribe, type SessionState } from '../../authProvider';

/** The session as the authProvider holds it; re-renders on sign-in, refresh and sign-out. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribe, getState, getState);
}
