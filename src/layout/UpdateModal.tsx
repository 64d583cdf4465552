import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { VersionsResponse } from '../../domain/session';
import { APP_VERSION } from '../../domain/version';
import { MESSAGES } from '../../domain/messages';
import { callApi } from '../../api/client';

/** How often the release check runs while signed in (also on sign-in and on window focus). */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;

/** The release check of spec 1 §4 and the 'Update...' modal. Mounted only inside the signed-in shell. */
export function UpdateModal() {
  const [outdated, setOutdated] = useState(false);

  useEffect(() => {
    let active = true;
    const check = () => {
      callApi<VersionsResponse>('config/versions', { method: 'GET', background: true })
        .then((v) => {
          if (active && v.diAdmin !== APP_VERSION) setOutdated(true);
        })
        .catch(() => {
          /* the next check tries again */
        });
    };
    check();
    window.addEventListener('focus', check);
    const t = setInterval(check, VERSION_CHECK_INTERVAL_MS);
    return () => {
      active = false;
      window.removeEventListener('focus', check);
      clearInterval(t);
    };
  }, []);

  return (
    <Dialog open={outdated} aria-labelledby="update-title" aria-describedby="update-text" maxWidth="xs" fullWidth>
      <DialogTitle id="update-title">{MESSAGES.updateTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="update-text">
          A new version of the Fleet Network Console has been released. Please refresh your browser to start using it.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={() => window.location.reload()} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
