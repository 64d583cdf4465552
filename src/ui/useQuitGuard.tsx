import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { getState } from '../../authProvider';
import { QuitDialog } from './QuitDialog';

/**
 * 'Quit Editing?' (spec 1 §2) on every way out of a form with unsaved changes: links, the back
 * link and browser back (useBlocker), and closing or reloading the tab (beforeunload).
 * `allowLeaving()` lets the next navigation through, for after a successful save.
 */
export function useQuitGuard(dirty: boolean) {
  const bypass = useRef(false);
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: { pathname: string; search: string }; nextLocation: { pathname: string; search: string } }) =>
      dirty &&
      !bypass.current &&
      // Without a session (signed out, expired) there is nothing to stay for.
      Boolean(getState().session) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (bypass.current) return;
      event.preventDefault();
      // Older browsers need a returnValue to show their own prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const allowLeaving = useCallback(() => {
    bypass.current = true;
  }, []);

  const dialog = (
    <QuitDialog
      open={blocker.state === 'blocked'}
      onStay={() => blocker.state === 'blocked' && blocker.reset()}
      onQuit={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  );
  return { dialog, allowLeaving };
}
