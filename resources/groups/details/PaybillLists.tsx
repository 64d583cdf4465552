import { Alert, Box, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { PAYBILL_LIST_TITLES, type GroupLeaseCompany } from '../../../domain/groups';
import { usePaybillLists } from '../usePaybillLists';

function ReadOnlyList({ title, items }: { title: string; items: GroupLeaseCompany[] }) {
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
            <ListItem key={c.id} disableGutters>
              <ListItemText primary={c.name} secondary={c.diCustomerId} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** Paybill config, read-only (spec 2 §2.2): who is on 'ViSN (Default)' and who on 'Direct'. */
export function PaybillLists({ accountId }: { accountId: string }) {
  const { data, error, isPending } = usePaybillLists(accountId);
  if (error) return <Alert severity="error">The paybill configuration could not be loaded.</Alert>;
  if (isPending || !data) return <Typography variant="body2">Loading the paybill configuration…</Typography>;
  const direct = new Set(data.direct.map((c) => c.id));
  const visn = data.eligible.filter((c) => !direct.has(c.id));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <ReadOnlyList title={PAYBILL_LIST_TITLES.visn} items={visn} />
      <ReadOnlyList title={PAYBILL_LIST_TITLES.direct} items={data.direct} />
    </Box>
  );
}
