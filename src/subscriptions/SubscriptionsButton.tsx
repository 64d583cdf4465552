import { useState } from 'react';
import { CardButton } from '../search/CardButton';
import type { SubscriptionOwner } from '../../domain/subscriptions';
import { SubscriptionsDrawer } from './SubscriptionsDrawer';

/** The subscriptions action of a customer or supplier card: opens the Subscriptions drawer. */
export function SubscriptionsButton({ owner, displayId, name }: { owner: SubscriptionOwner; displayId: string; name: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on: a page of 25 cards does not hold 25 idle drawers.
  const [used, setUsed] = useState(false);
  return (
    <>
      <CardButton
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Subscriptions
      </CardButton>
      {used && <SubscriptionsDrawer open={open} owner={owner} displayId={displayId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}
