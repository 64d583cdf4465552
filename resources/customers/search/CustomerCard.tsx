import { memo, useId } from 'react';
import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { detailsPath, type CustomerNavState } from '../paths';
import type { CustomerHit } from './customerHit';
import { DocumentsButton } from '../../../src/documents/DocumentsButton';
import { CardField } from '../../../src/ui/details';
import { hitAddress } from '../../../src/search/addressHit';
import { SubscriptionsButton } from '../../../src/subscriptions/SubscriptionsButton';

const TYPE_LABELS: Record<string, string> = { DIRECT: 'Direct', INDIRECT: 'Indirect' };


/**
 * One customer in the search results: an article named by the customer. Name and actions share
 * the first row (the actions move under the name when the row is too narrow); the four fields get
 * the card's whole width below, each as wide as its label or value, wrapping to a new row whole.
 */
export const CustomerCard = memo(function CustomerCard({ hit, searchUrl }: { hit: CustomerHit; searchUrl: string }) {
  const nameId = useId();
  const state: CustomerNavState = { leaseCompanyId: String(hit.id), searchUrl };
  return (
    <Paper component="article" aria-labelledby={nameId} variant="outlined" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2, rowGap: 1.5, mb: 1.5 }}>
        <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Typography id={nameId} variant="h3" component="h2">
              {hit.name}
            </Typography>
            {hit.status === 'TERMINATED' && <Chip size="small" label="Terminated" color="default" />}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {hitAddress(hit)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <DocumentsButton kind="leaseCompany" id={String(hit.id)} name={hit.name} count={hit.documentCount ?? 0} />
          <SubscriptionsButton owner={{ kind: 'customer', id: String(hit.id) }} displayId={hit.diCustomerId || String(hit.id)} name={hit.name} />
          <Button variant="contained" component={RouterLink} to={detailsPath(String(hit.id))} state={state} aria-describedby={nameId}>
            View
          </Button>
        </Box>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 5, rowGap: 1.5 }}>
        <CardField label="Customer Type" value={hit.customerType ? (TYPE_LABELS[hit.customerType] ?? hit.customerType) : null} />
        <CardField label="Company Registration Number" value={hit.companyRegistrationNumber} />
        <CardField label="VAT Number" value={hit.vatNumber} />
        <CardField label="DI Customer Id" value={hit.diCustomerId} />
      </Box>
    </Paper>
  );
});
