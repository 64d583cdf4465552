import { useState } from 'react';
import { Button } from '@mui/material';
import type { SubscriptionOwner } from '../../domain/subscriptions';
import { SubscriptionsDrawer } from './SubscriptionsDrawer';

/** The subscriptions action of a customer or supplier card: opens the Subscriptions drawer. */
export function SubscriptionsButton({ owner, displayId, name }: { owner: SubscriptionOwner; displayId: string; name: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on: a page of 25 cards does not hold 25 idle drawers.
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Subscriptions
      </Button>
      {used && <SubscriptionsDrawer open={open} owner={owner} displayId={displayId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}
