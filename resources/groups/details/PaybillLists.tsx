import { Box, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { DIRECT_PAYBILL_RATE_CARD_TYPES } from '../../../domain/customers/enums';
import { PAYBILL_LIST_TITLES, type GroupDetails, type LinkedLeaseAccount } from '../../../domain/groups';

function ReadOnlyList({ title, items }: { title: string; items: LinkedLeaseAccount[] }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 1.5, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title} ({items.length})
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No lease companies
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 240, overflow: 'auto' }}>
          {items.map((c) => (
            <ListItem key={c.leaseId} disableGutters>
              <ListItemText primary={c.name} secondary={c.diCustomerId} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/**
 * Paybill config, read-only (spec 2 §2.2): who is on 'ViSN (Default)' and who on 'Direct', read
 * from the group's own linked customers (the details record carries their rate card and side), so
 * the page asks nothing more; it follows the group's live refresh.
 */
export function PaybillLists({ group }: { group: GroupDetails }) {
  const eligible = group.linkedLeaseAccounts.filter((l) => DIRECT_PAYBILL_RATE_CARD_TYPES.includes(l.rateCardType));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <ReadOnlyList title={PAYBILL_LIST_TITLES.visn} items={eligible.filter((l) => !l.directPaybill)} />
      <ReadOnlyList title={PAYBILL_LIST_TITLES.direct} items={eligible.filter((l) => l.directPaybill)} />
    </Box>
  );
}
