import { useSyncExternalStore } from 'react';
import { getState, subscribe, type SessionState } from '../../authProvider';
import { can, type Action } from '../../domain/permissions';

/** The session as the authProvider holds it; re-renders on sign-in, refresh and sign-out. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribe, getState, getState);
}

/**
 * Synchronous check of one permission over the signed-in roles, for features inside a screen (buttons,
 * sections). Screens, sidebar entries and entity actions go through authProvider.canAccess instead.
 */
export function useCan(): (permission: string, action?: Action) => boolean {
  const { session } = useSessionState();
  return (permission, action = 'view') => can(session?.roles, permission, action);
}
