import { useEffect, useState } from 'react';
import { Alert, Box } from '@mui/material';
import { MESSAGES } from '../../domain/messages';
import { ERROR_MESSAGE_DURATION_MS, ERROR_MESSAGE_TOP_OFFSET_PX } from '../../domain/constants';
import { onServerFailure } from '../../dataProvider/api';

/** 'Error occurred from api.' at the top of the page for 5 s, 100 px down (spec 1 §8). */
export function ApiErrorBanner() {
  // A counter, so a second failure while the banner shows starts the 5 s again.
  const [shownAt, setShownAt] = useState(0);
  useEffect(() => onServerFailure(() => setShownAt(Date.now())), []);
  useEffect(() => {
    if (!shownAt) return;
    const t = setTimeout(() => setShownAt(0), ERROR_MESSAGE_DURATION_MS);
    return () => clearTimeout(t);
  }, [shownAt]);
  if (!shownAt) return null;
  return (
    <Box
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
      <Alert key={shownAt} role="alert" severity="error" variant="filled" sx={{ pointerEvents: 'auto', boxShadow: 3 }}>
        {MESSAGES.apiError}
      </Alert>
    </Box>
  );
}
