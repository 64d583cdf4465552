import { Alert, Button } from '@mui/material';
import { useRefresh } from 'react-admin';
import { MESSAGES } from '../../domain/messages';
import { onServerBusy } from '../../api/client';
import { TopNotice, useShownAt } from './TopNotice';

/** How long the notice stays when nobody answers it: the server asked for a few seconds. */
const BUSY_NOTICE_MS = 10_000;

/**
 * The server refused a call as overloaded (503 BUSY): nothing was done, so this says so and offers
 * 'Try again', which loads the page's data again; a refused save keeps its form as it was, to be
 * saved again. A polite status, always in the page so screen readers hear it: the page is not broken.
 */
export function BusyNotice() {
  const refresh = useRefresh();
  const [shownAt, hide] = useShownAt(onServerBusy, BUSY_NOTICE_MS);
  return (
    <TopNotice role="status">
      {shownAt ? (
        <Alert
          key={shownAt}
          role="none"
          severity="warning"
          variant="filled"
          sx={{ pointerEvents: 'auto', boxShadow: 3 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                hide();
                refresh();
              }}
            >
              Try again
            </Button>
          }
        >
          {MESSAGES.serverBusy}
        </Alert>
      ) : null}
    </TopNotice>
  );
}
