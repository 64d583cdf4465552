import { useEffect, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { ERROR_MESSAGE_TOP_OFFSET_PX } from '../../domain/constants';

/**
 * When a signal last fired, or 0 once `durationMs` has passed since. A new signal while shown
 * starts the time again.
 */
export function useShownAt(subscribe: (listener: () => void) => () => void, durationMs: number): [number, () => void] {
  const [shownAt, setShownAt] = useState(0);
  useEffect(() => subscribe(() => setShownAt(Date.now())), [subscribe]);
  useEffect(() => {
    if (!shownAt) return;
    const t = setTimeout(() => setShownAt(0), durationMs);
    return () => clearTimeout(t);
  }, [shownAt, durationMs]);
  return [shownAt, () => setShownAt(0)];
}

/** A notice across the top of the page, 100 px down (spec 1 §8), above toasts and dialogs. */
export function TopNotice({ role, children }: { role?: 'status'; children: ReactNode }) {
  return (
    <Box
      role={role}
      sx={{
        position: 'fixed',
        top: ERROR_MESSAGE_TOP_OFFSET_PX,
        left: 0,
        right: 0,
        display: 'flex',
        justifyContent: 'center',
        zIndex: (theme) => theme.zIndex.snackbar + 1,
        pointerEvents: 'none',
      }}
    >
      {children}
    </Box>
  );
}
