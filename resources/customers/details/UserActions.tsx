import { useState } from 'react';
import { Button } from '@mui/material';
import type { CustomerDetails } from '../../../domain/customers';
import { useCan } from '../../../src/layout/useSession';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { UsersDrawer } from '../users/UsersDrawer';
import { InviteUserDrawer } from '../users/InviteUserDrawer';

/** Why Invite User is disabled without the customer-edit permission (ours). */
const NO_INVITE_PERMISSION = 'You do not have permission to invite users';

/**
 * Users and Invite User buttons of a customer, with their drawers (spec 1 §2). Invite User is
 * hidden for a terminated customer (§4) and disabled without the customer-edit permission (§6).
 */
export function UserActions({ customer }: { customer: CustomerDetails }) {
  const can = useCan();
  const canEdit = can('EDIT_CUSTOMER', 'edit');
  const [drawer, setDrawer] = useState<'users' | 'invite' | null>(null);
  const close = () => setDrawer(null);
  return (
    <>
      <Button variant="outlined" onClick={() => setDrawer('users')}>
        Users
      </Button>
      {customer.status !== 'TERMINATED' && (
        <PermissionButton allowed={canEdit} why={NO_INVITE_PERMISSION} variant="outlined" onClick={() => setDrawer('invite')}>
          Invite User
        </PermissionButton>
      )}
      <UsersDrawer open={drawer === 'users'} customer={customer} canEdit={canEdit} onClose={close} />
      {canEdit && customer.status !== 'TERMINATED' && <InviteUserDrawer open={drawer === 'invite'} customer={customer} onClose={close} />}
    </>
  );
}
