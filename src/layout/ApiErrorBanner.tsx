import { Alert } from '@mui/material';
import { MESSAGES } from '../../domain/messages';
import { ERROR_MESSAGE_DURATION_MS } from '../../domain/constants';
import { onServerFailure } from '../../api/client';
import { TopNotice, useShownAt } from './TopNotice';

/** 'Error occurred from api.' at the top of the page for 5 s, 100 px down (spec 1 §8). */
export function ApiErrorBanner() {
  const [shownAt] = useShownAt(onServerFailure, ERROR_MESSAGE_DURATION_MS);
  if (!shownAt) return null;
  return (
    <TopNotice>
      <Alert key={shownAt} role="alert" severity="error" variant="filled" sx={{ pointerEvents: 'auto', boxShadow: 3 }}>
        {MESSAGES.apiError}
      </Alert>
    </TopNotice>
  );
}
