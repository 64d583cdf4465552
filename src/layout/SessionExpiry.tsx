import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { useLogout } from 'react-admin';
import type { SessionResponse } from '../../domain/session';
import { MESSAGES } from '../../domain/messages';
import { COUNTDOWN_TICK_MS, TIMER_START_DELAY_MS } from '../../domain/constants';
import { setSession, startInactivityMonitor, type InactivityMonitor } from '../../authProvider';
import { callApi } from '../../api/client';
import { useSessionState } from './useSession';

/** Activity renews the server session at most this often (POST auth/refresh). */
const KEEP_ALIVE_MS = 60_000;

function refreshSession(background: boolean): Promise<SessionResponse> {
  return callApi<SessionResponse>('auth/refresh', { body: {}, background }).then((s) => {
    setSession(s);
    return s;
  });
}

/**
 * The inactivity timer and the 'Your session is about to expire' modal (spec 1 §4, §9).
 * Mounted only inside the signed-in shell.
 */
export function SessionExpiry() {
  const { session } = useSessionState();
  const inactivityMs = session?.timers.inactivityMs ?? 0;
  const warningMs = session?.timers.warningMs ?? 0;
  const logout = useLogout();
  const monitor = useRef<InactivityMonitor | null>(null);
  const lastRefresh = useRef(Date.now());
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!inactivityMs) return;
    // Short server idle times (tests) need more than one renewal per idle period.
    const keepAliveMs = Math.min(KEEP_ALIVE_MS, Math.floor(inactivityMs / 2));
    lastRefresh.current = Date.now();
    const start = setTimeout(() => {
      monitor.current = startInactivityMonitor({
        idleMs: inactivityMs,
        onIdle: () => setDeadline(Date.now() + warningMs),
        onActivity: () => {
          if (Date.now() - lastRefresh.current < keepAliveMs) return;
          lastRefresh.current = Date.now();
          refreshSession(true).catch(() => {
            /* a 401 signs out through the API client; anything else waits for the next activity */
          });
        },
      });
    }, TIMER_START_DELAY_MS);
    return () => {
      clearTimeout(start);
      monitor.current?.stop();
      monitor.current = null;
    };
  }, [inactivityMs, warningMs]);

  const signOut = useCallback(() => {
    setDeadline(null);
    monitor.current?.stop();
    void logout({}, '/');
  }, [logout]);

  // The countdown: whole seconds left, ticking every second; 0 signs out.
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) signOut();
    };
    tick();
    const t = setInterval(tick, COUNTDOWN_TICK_MS);
    return () => clearInterval(t);
  }, [deadline, signOut]);

  const staySignedIn = async () => {
    setBusy(true);
    try {
      await refreshSession(false);
      lastRefresh.current = Date.now();
      setDeadline(null);
      monitor.current?.restart();
    } catch {
      // 401: the API client has signed out already. Otherwise the banner shows and the modal stays.
    } finally {
      setBusy(false);
    }
  };

  const open = deadline !== null;
  return (
    <Dialog
      open={open}
      onClose={() => {
        /* a choice is required: neither Escape nor a click outside closes it */
      }}
      aria-labelledby="session-expiry-title"
      aria-describedby="session-expiry-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="session-expiry-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <TimerOutlinedIcon color="warning" aria-hidden="true" />
        {MESSAGES.sessionExpiring}
      </DialogTitle>
      <DialogContent id="session-expiry-text">
        <Typography sx={{ mb: 2 }}>
          For your security, automatic sign-out is enforced after a period of inactivity.
        </Typography>
        <Box
          role="timer"
          aria-live="off"
          sx={{ bgcolor: '#fff6e5', border: '1px solid #f1d19a', borderRadius: 2, px: 2, py: 1.5, mb: 2, textAlign: 'center' }}
        >
          <Typography component="p" sx={{ fontSize: 15 }}>
            You will be signed out in{' '}
            <Box component="strong" sx={{ fontSize: 22, fontVariantNumeric: 'tabular-nums' }}>
              {remaining}
            </Box>{' '}
            {remaining === 1 ? 'second' : 'seconds'}.
          </Typography>
        </Box>
        <Typography sx={{ fontWeight: 600 }}>{MESSAGES.staySignedInQuestion}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button variant="outlined" onClick={signOut} disabled={busy}>
          {MESSAGES.signOutNow}
        </Button>
        <Button variant="contained" onClick={staySignedIn} disabled={busy} autoFocus>
          {MESSAGES.staySignedIn}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
