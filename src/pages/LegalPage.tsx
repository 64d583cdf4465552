import type { ReactNode } from 'react';
import { Box, Divider, Link, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router-dom';

/** Dates of both legal texts (spec 1 §2). */
export const LEGAL_DATED = '26 August 2022';
export const LEGAL_EFFECTIVE = '14 December 2020';

/** A public page with legal text: no shell, readable line length. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: '#163a55', color: '#fff', px: { xs: 2, md: 4 }, py: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box aria-hidden="true" sx={{ width: 32, height: 32, borderRadius: 1.5, bgcolor: '#fff', color: '#163a55', display: 'grid', placeItems: 'center', fontWeight: 800, fontSize: 13 }}>
          FN
        </Box>
        <Typography sx={{ fontWeight: 700 }}>Fleet Network Console</Typography>
      </Box>
      <Box
        component="main"
        sx={{
          maxWidth: 760,
          mx: 'auto',
          px: { xs: 2, md: 4 },
          py: 4,
          '& h2': { mt: 4, mb: 1.25 },
          '& p, & li': { lineHeight: 1.65, color: 'text.primary' },
          '& ul': { pl: 3, my: 1 },
        }}
      >
        <Link component={RouterLink} to="/login" underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, mb: 2, fontWeight: 500 }}>
          <ArrowBackIcon fontSize="small" aria-hidden="true" />
          Back to sign in
        </Link>
        <Box sx={{ bgcolor: 'background.paper', border: '1px solid', borderColor: 'divider', borderRadius: 3, p: { xs: 3, md: 5 } }}>
          <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: 14 }}>
            Dated {LEGAL_DATED}. Effective from {LEGAL_EFFECTIVE}.
          </Typography>
          <Divider sx={{ my: 3 }} />
          {children}
        </Box>
      </Box>
    </Box>
  );
}

export function H2({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h2" component="h2">
      {children}
    </Typography>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 1.5 }}>{children}</Typography>;
}
