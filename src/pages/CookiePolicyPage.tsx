import { Box, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { H2, LegalPage, P } from './LegalPage';

const COOKIES = [
  {
    name: 'fnc_session',
    alias: '__Host-fnc_session over HTTPS',
    purpose: 'Keeps you signed in. It holds a random reference to your session and nothing else.',
    duration: 'Until you sign out, the session ends after inactivity, or the browser closes',
    properties: 'HttpOnly, SameSite=Strict',
  },
  {
    name: 'fnc_trusted',
    alias: '__Secure-fnc_trusted over HTTPS',
    purpose: 'Remembers this browser after a correct passcode, so the one-time passcode is not asked again.',
    duration: '7 days',
    properties: 'HttpOnly, SameSite=Strict',
  },
];

/** Our cookie notice (spec 1 §2, public route /cookie-policy). */
export function CookiePolicyPage() {
  return (
    <LegalPage title="Cookie Policy">
      <P>
        The Fleet Network Console uses only strictly necessary cookies: without them you could not sign in securely. We
        do not use tracking, advertising or analytics cookies, and no cookie is shared with anyone else.
      </P>

      <H2>The cookies we set</H2>
      <TableContainer sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2, my: 2 }}>
        <Table size="small" aria-label="Strictly necessary cookies">
          <TableHead sx={{ '& th': { fontWeight: 600, bgcolor: '#f5f7fa' } }}>
            <TableRow>
              <TableCell scope="col">Cookie</TableCell>
              <TableCell scope="col">Purpose</TableCell>
              <TableCell scope="col">Kept for</TableCell>
              <TableCell scope="col">Settings</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {COOKIES.map((c) => (
              <TableRow key={c.name}>
                <TableCell component="th" scope="row" sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                  <Box component="code" sx={{ fontWeight: 600, fontSize: 13.5 }}>
                    {c.name}
                  </Box>
                  <Box sx={{ fontSize: 12, color: 'text.secondary', mt: 0.5 }}>{c.alias}</Box>
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>{c.purpose}</TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>{c.duration}</TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>{c.properties}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      <H2>Your choices</H2>
      <P>
        Because these cookies are needed for the service to work, they are not switched off by a setting. You can remove
        them in your browser at any time; you will then be asked to sign in, and for a passcode, again.
      </P>

      <H2>More about your data</H2>
      <P>
        See our{' '}
        <Link component={RouterLink} to="/privacy-policy">
          Privacy Policy
        </Link>{' '}
        for the data we hold, who processes it, how long we keep it and your rights.
      </P>
    </LegalPage>
  );
}
