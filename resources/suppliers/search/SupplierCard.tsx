import { memo, useId } from 'react';
import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { displayName } from '../../../domain/suppliers';
import { DocumentsButton } from '../../../src/documents/DocumentsButton';
import { CardField } from '../../../src/ui/details';
import { hitAddress } from '../../../src/search/addressHit';
import { SubscriptionsButton } from '../../../src/subscriptions/SubscriptionsButton';
import { detailsPath, type SupplierNavState } from '../paths';
import { ServiceIcons } from '../ServiceIcons';
import { EscalationAction } from './EscalationAction';
import { InviteAction } from './InviteAction';
import type { SupplierHit } from './supplierHit';


/**
 * One supplier in the search results (spec 2 §2.1): an article named by the supplier, with its
 * address, DI Group Id, DI Supplier Id, franchises and the icons of its enabled services; the
 * documents action and View share the first row.
 */
export const SupplierCard = memo(function SupplierCard({ hit, searchUrl }: { hit: SupplierHit; searchUrl: string }) {
  const nameId = useId();
  const id = String(hit.id);
  const state: SupplierNavState = { serviceUnitId: id, accountObjectId: hit.groupId, searchUrl };
  return (
    <Paper component="article" aria-labelledby={nameId} variant="outlined" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2, rowGap: 1.5, mb: 1.5 }}>
        <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Typography id={nameId} variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {displayName(hit.name)}
            </Typography>
            {hit.status === 'cancelled' && <Chip size="small" label="Terminated" />}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {hitAddress(hit)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <DocumentsButton kind="supplier" id={id} name={hit.name} count={hit.documentCount ?? 0} />
          <EscalationAction hit={hit} />
          <InviteAction hit={hit} />
          <SubscriptionsButton owner={{ kind: 'supplier', id }} displayId={hit.supplierId} name={hit.name} />
          <Button variant="contained" component={RouterLink} to={detailsPath(id, hit.groupId)} state={state} aria-describedby={nameId}>
            View
          </Button>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', columnGap: 5, rowGap: 1.5 }}>
        <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 5, rowGap: 1.5 }}>
          <CardField label="DI Group Id" value={hit.diGroupId} />
          <CardField label="DI Supplier Id" value={hit.supplierId} />
          <CardField label="Franchises" value={hit.manufacturers?.length ? hit.manufacturers.join(', ') : null} />
        </Box>
        <ServiceIcons services={hit.services ?? []} />
      </Box>
    </Paper>
  );
});
