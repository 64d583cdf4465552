import { Box, CircularProgress, Typography } from '@mui/material';
import { MESSAGES } from '../../domain/messages';

/** 'Loading...' while the console finds out who is signed in (spec 1 §2). */
export function LoadingScreen({ fullHeight = true }: { fullHeight?: boolean }) {
  return (
    <Box
      role="status"
      sx={{ minHeight: fullHeight ? '100vh' : 240, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress aria-hidden="true" size={36} />
      <Typography color="text.secondary">{MESSAGES.loading}</Typography>
    </Box>
  );
}
