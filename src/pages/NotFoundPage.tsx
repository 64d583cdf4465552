import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES } from '../../domain/messages';

/** The /* fallback (spec 1 §2). */
export function NotFoundPage() {
  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: 8, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center' }}>
      <Typography aria-hidden="true" sx={{ fontSize: 64, fontWeight: 700, color: 'primary.light', lineHeight: 1, mb: 2 }}>
        404
      </Typography>
      <Typography variant="h1" component="h1" sx={{ mb: 1.5 }}>
        {MESSAGES.notFound}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The address may be mistyped, or the page may have moved.
      </Typography>
      <Link component={RouterLink} to="/login" underline="hover" sx={{ fontWeight: 600 }}>
        Go to login
      </Link>
    </Box>
  );
}
