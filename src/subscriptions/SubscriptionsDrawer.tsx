import { useEffect } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import {
  compareSubscriptions,
  hasNoSubscriptions,
  SUBSCRIPTION_COLUMNS,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTIONS_DRAWER_WIDTH,
  type ComparedSubscription,
  type SubscriptionOwner,
} from '../../domain/subscriptions';
import { BILLING_UNAVAILABLE } from '../../domain/messages';
import { isHttpError } from '../../api/client';
import { Fields } from '../ui/details';
import { FormDrawer, useOpenCount } from '../ui/Drawer';
import type { ConsoleDataProvider } from '../../dataProvider';

const TITLE = 'Subscriptions';

/** A green tick or a red cross: different shapes and a spoken name, never colour alone. */
function MatchMark({ matched }: { matched: boolean }) {
  const text = matched ? SUBSCRIPTION_MESSAGES.matched : SUBSCRIPTION_MESSAGES.unmatched;
  return matched ? <CheckCircleIcon color="success" role="img" aria-label={text} titleAccess={text} /> : <CancelIcon color="error" role="img" aria-label={text} titleAccess={text} />;
}

function SubscriptionItem({ s }: { s: ComparedSubscription }) {
  return (
    <Paper component="li" variant="outlined" aria-label={`Subscription ${s.id}`} sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start', listStyle: 'none' }}>
      <MatchMark matched={s.matched} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
          <Typography sx={{ fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere' }}>{s.id}</Typography>
          <Chip size="small" label={s.statusLabel} color={s.statusLabel === 'ACTIVE' ? 'success' : 'default'} variant="outlined" />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Plan: {s.itemPriceId}
        </Typography>
        {s.subscription_items.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Items: {s.subscription_items.map((i) => i.item_price_id).join(', ')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

function Column({ title, list }: { title: string; list: ComparedSubscription[] }) {
  const id = `subscriptions-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="h3" component="h3" sx={{ mb: 1 }}>
        {title} ({list.length})
      </Typography>
      {list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {list.map((s) => (
            <SubscriptionItem key={s.id} s={s} />
          ))}
        </Box>
      )}
    </Box>
  );
}

export interface SubscriptionsDrawerProps {
  open: boolean;
  owner: SubscriptionOwner;
  /** The id the messages name: 'customer-{id}' (the DI Customer Id where there is one), 'supplier-{id}' (the DI Supplier Id). */
  displayId: string;
  name: string;
  onClose(): void;
}

const DETAILS_TITLE: Record<SubscriptionOwner['kind'], string> = { customer: 'Customer Details', supplier: 'Supplier Details' };

/**
 * Subscriptions (spec 1 §2, spec 2 §2.1) of a customer or a supplier: the product's own
 * subscriptions beside the billing provider's, each marked by whether the other side has it. A
 * failure offers Retry; when the billing provider could not be reached the alert says so too.
 */
export function SubscriptionsDrawer({ open, owner, displayId, name, onClose }: SubscriptionsDrawerProps) {
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  // Each opening reads the lists afresh (its own query), starting from the loading state.
  const opening = useOpenCount(open);
  const query = useQuery({
    queryKey: [owner.kind, owner.id, 'subscriptions', opening],
    queryFn: ({ signal }) => dataProvider.subscriptions(owner, signal),
    enabled: open,
    retry: false,
  });
  // A failed retry keeps what an earlier answer showed: react-query keeps its data.
  const state = { status: query.isError ? 'error' : query.data ? 'ready' : 'loading', data: query.data ?? null } as const;
  // The billing provider could not be reached (not our failure): the drawer says so in the server's words.
  const providerDown = isHttpError(query.error) && query.error.body?.code === BILLING_UNAVAILABLE;

  useEffect(() => {
    if (query.isError) notify(SUBSCRIPTION_MESSAGES.error(displayId, owner.kind), { type: 'error', title: TITLE });
  }, [query.isError, query.errorUpdatedAt, displayId, owner.kind, notify]);

  const data = state.data;
  const compared = data ? compareSubscriptions(data) : null;
  return (
    <FormDrawer open={open} title={TITLE} width={SUBSCRIPTIONS_DRAWER_WIDTH} onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <Box component="section" aria-labelledby="subscriptions-customer">
        <Typography id="subscriptions-customer" variant="h3" component="h3" sx={{ mb: 1 }}>
          {DETAILS_TITLE[owner.kind]}
        </Typography>
        <Fields items={[['Name', data?.customer.company ?? name], ['Billing Ref ID', data ? data.customer.id : state.status === 'loading' ? '…' : 'Unknown']]} />
      </Box>
      {state.status === 'loading' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading subscriptions" />
        </Box>
      )}
      {state.status === 'error' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" disabled={query.isFetching} onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {SUBSCRIPTION_MESSAGES.error(displayId, owner.kind)}
          {providerDown && <Box component="span" sx={{ display: 'block' }}>{query.error?.message}</Box>}
        </Alert>
      )}
      {data && hasNoSubscriptions(data) && <Alert severity="info">{SUBSCRIPTION_MESSAGES.none(displayId, owner.kind)}</Alert>}
      {compared && data && !hasNoSubscriptions(data) && (
        <>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary', fontSize: '0.875rem' }}>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <CheckCircleIcon color="success" fontSize="small" aria-hidden /> {SUBSCRIPTION_MESSAGES.matched}
            </Box>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <CancelIcon color="error" fontSize="small" aria-hidden /> {SUBSCRIPTION_MESSAGES.unmatched}
            </Box>
          </Box>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Column title={SUBSCRIPTION_COLUMNS.product} list={compared.product} />
            <Column title={SUBSCRIPTION_COLUMNS.provider} list={compared.provider} />
          </Box>
        </>
      )}
    </FormDrawer>
  );
}
