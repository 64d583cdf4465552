import { Box, Button, Typography } from '@mui/material';
import { useResetErrorBoundaryOnLocationChange } from 'react-admin';

/** What a screen that failed says (its code did not load, or it threw), with a way out. */
export function ErrorNotice({ error }: { error: Error }) {
  const chunk = error.name === 'ChunkLoadError';
  return (
    <Box role="alert" sx={{ p: 4, maxWidth: 560 }}>
      <Typography variant="h1" component="h1" sx={{ mb: 1.5 }}>
        {chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {chunk ? 'The connection may be slow or a new version may have been released.' : 'Please reload the page and try again.'}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Box>
  );
}

/**
 * react-admin's error slot: a failure outside a signed-in page (a sign-in page, or the console's
 * frame itself; a page's own failure is caught inside the frame), cleared on going elsewhere.
 */
export function AppError({ error, resetErrorBoundary }: { error: Error; resetErrorBoundary: (...args: unknown[]) => void }) {
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary);
  return <ErrorNotice error={error} />;
}
