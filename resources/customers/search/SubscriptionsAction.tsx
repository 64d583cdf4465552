import { useState } from 'react';
import { Button } from '@mui/material';
import { SubscriptionsDrawer } from '../subscriptions/SubscriptionsDrawer';
import type { CustomerHit } from './customerHit';

/** The subscriptions action of a customer card: opens the Subscriptions drawer. */
export function SubscriptionsAction({ hit }: { hit: CustomerHit }) {
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
      {used && <SubscriptionsDrawer open={open} leaseCompanyId={String(hit.id)} displayId={hit.diCustomerId || String(hit.id)} name={hit.name} onClose={() => setOpen(false)} />}
    </>
  );
}
