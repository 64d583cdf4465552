import { memo, useId } from 'react';
import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { REGISTRATION_STATUS_LABELS } from '../../../domain/registrations';
import { SERVICE_TYPE_LABELS } from '../../../domain/suppliers';
import { hitAddress } from '../../../src/search/addressHit';
import { detailsPath, type RegistrationNavState } from '../paths';
import type { RegistrationHit } from './registrationHit';

/** One registration in the search results (spec 2 §2.3): company name, status, address, services and View. */
export const RegistrationCard = memo(function RegistrationCard({ hit, searchUrl }: { hit: RegistrationHit; searchUrl: string }) {
  const nameId = useId();
  const id = String(hit.id);
  const state: RegistrationNavState = { inviteId: id, searchUrl };
  const services = hit.services ?? [];
  return (
    <Paper component="article" aria-labelledby={nameId} variant="outlined" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2, rowGap: 1.5 }}>
        <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Typography id={nameId} variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {hit.companyName}
            </Typography>
            <Chip size="small" label={REGISTRATION_STATUS_LABELS[hit.status] ?? hit.status} color={hit.status === 'NEW' ? 'info' : hit.status === 'APPROVED' ? 'success' : 'default'} variant="outlined" />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {hitAddress(hit)}
          </Typography>
          <Box component="ul" aria-label="Services" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {services.length === 0 ? (
              <Typography component="li" variant="body2" color="text.secondary">
                No services
              </Typography>
            ) : (
              services.map((s) => (
                <li key={s}>
                  <Chip size="small" label={s === 'REPAIR' ? 'SMR' : SERVICE_TYPE_LABELS[s]} />
                </li>
              ))
            )}
          </Box>
        </Box>
        <Button variant="contained" component={RouterLink} to={detailsPath(id)} state={state} aria-describedby={nameId}>
          View
        </Button>
      </Box>
    </Paper>
  );
});
