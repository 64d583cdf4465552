import type { ReactNode } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** Sign-in and passcode screens: the marketing panel on the left, the form on the right. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        component="aside"
        aria-label="About the Fleet Network Console"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          width: '44%',
          maxWidth: 620,
          p: 6,
          color: '#fff',
          background: 'linear-gradient(160deg, #163a55 0%, #1d4f73 55%, #2f7a6b 100%)',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box
            aria-hidden="true"
            sx={{ width: 40, height: 40, borderRadius: 2, bgcolor: '#fff', color: '#163a55', display: 'grid', placeItems: 'center', fontWeight: 800 }}
          >
            FN
          </Box>
          <Typography sx={{ fontWeight: 700, fontSize: 18 }}>Fleet Network Console</Typography>
        </Box>
        <Box sx={{ maxWidth: 440 }}>
          <Typography component="p" sx={{ fontSize: 32, fontWeight: 600, lineHeight: 1.25, mb: 2 }}>
            Keeping every fleet on the road.
          </Typography>
          <Typography component="p" sx={{ fontSize: 16.5, opacity: 0.88, lineHeight: 1.6 }}>
            One place to run the network: lease companies, supplier groups, garages, drivers and the bookings that keep
            their vehicles serviced.
          </Typography>
        </Box>
        <Typography sx={{ fontSize: 13, opacity: 0.7 }}>For network staff only.</Typography>
      </Box>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
        <Box component="main" sx={{ width: '100%', maxWidth: 420 }}>
          {children}
        </Box>
        <Box component="footer" sx={{ mt: 4, display: 'flex', gap: 3, fontSize: 14 }}>
          <Link component={RouterLink} to="/privacy-policy" underline="hover">
            Privacy Policy
          </Link>
          <Link component={RouterLink} to="/cookie-policy" underline="hover">
            Cookie Policy
          </Link>
        </Box>
      </Box>
    </Box>
  );
}
