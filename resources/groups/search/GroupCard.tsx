import { memo, useId } from 'react';
import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { DocumentsButton } from '../../../src/documents/DocumentsButton';
import { hitAddress } from '../../../src/search/addressHit';
import { searchQuery } from '../../../src/search/searchUrl';
import { CardField } from '../../../src/ui/details';
import { detailsPath, SUPPLIER_SEARCH, type GroupNavState } from '../paths';
import { GroupIntegrationsAction } from './GroupIntegrationsAction';
import { GroupInviteAction } from './GroupInviteAction';
import type { GroupHit } from './groupHit';

/** What the supplier search reads from navigation state to title itself and lead back here. */
interface ShowSuppliersState {
  groupName: string;
  groupSearchUrl: string;
}

/**
 * One group in the search results (spec 2 §2.2): an article named by the group, with a BLOCKED
 * badge when blocked, its address and DI Group Id; Documents, Invite User, the group's API
 * integrations (view type GARAGE), View, and Show Suppliers (the supplier search narrowed to the
 * group, live and cancelled suppliers).
 */
export const GroupCard = memo(function GroupCard({ hit, searchUrl }: { hit: GroupHit; searchUrl: string }) {
  const nameId = useId();
  const id = String(hit.id);
  const state: GroupNavState = { accountId: id, searchUrl };
  const suppliers: ShowSuppliersState = { groupName: hit.name, groupSearchUrl: searchUrl };
  return (
    <Paper component="article" aria-labelledby={nameId} variant="outlined" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2, rowGap: 1.5, mb: 1.5 }}>
        <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Typography id={nameId} variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {hit.name}
            </Typography>
            {hit.blocked && <Chip size="small" color="error" label="BLOCKED" />}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {hitAddress(hit)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <DocumentsButton kind="group" id={id} name={hit.name} count={hit.documentCount ?? 0} />
          <GroupInviteAction group={{ id, name: hit.name, supplierCreationType: hit.supplierCreationType ?? null }} />
          <GroupIntegrationsAction id={id} name={hit.name} />
          <Button variant="contained" component={RouterLink} to={detailsPath(id)} state={state} aria-describedby={nameId}>
            View
          </Button>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', columnGap: 5, rowGap: 1.5 }}>
        <Box component="dl" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 5, rowGap: 1.5 }}>
          <CardField label="DI Group Id" value={hit.groupId} />
        </Box>
        <Button
          variant="outlined"
          component={RouterLink}
          to={`${SUPPLIER_SEARCH}?${searchQuery({ groupId: id, status: ['live', 'cancelled'] })}`}
          state={suppliers}
          aria-describedby={nameId}
        >
          Show Suppliers
        </Button>
      </Box>
    </Paper>
  );
});
