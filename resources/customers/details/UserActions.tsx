import { useState } from 'react';
import { Button } from '@mui/material';
import { useCanAccess } from 'react-admin';
import { customerResource } from '../../../domain/resources/customer';
import type { CustomerDetails } from '../../../domain/customers';
import type { ConsoleDataProvider } from '../../../dataProvider';
import type { InviteUserForm } from '../../../domain/invites';
import { useSessionState } from '../../../src/layout/useSession';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { UsersDrawer } from '../users/UsersDrawer';
import { InviteUserDrawer } from '../../../src/users/InviteUserDrawer';

/** Why Invite User is disabled without the customer-edit permission (ours). */
const NO_INVITE_PERMISSION = 'You do not have permission to invite users';

/**
 * Users and Invite User buttons of a customer, with their drawers (spec 1 §2). Invite User is
 * hidden for a terminated customer (§4) and disabled without the customer-edit permission (§6).
 */
export function UserActions({ customer }: { customer: CustomerDetails }) {
  const { canAccess: canEdit } = useCanAccess({ resource: customerResource.name, action: 'invite' });
  const [drawer, setDrawer] = useState<'users' | 'invite' | null>(null);
  const close = () => setDrawer(null);
  const by = useSessionState().session?.user;
  const send = (form: InviteUserForm, acting: ConsoleDataProvider) => acting.inviteLeaseUser(customer, form, by);
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
      <UsersDrawer open={drawer === 'users'} customer={customer} canEdit={canEdit === true} onClose={close} />
      {canEdit && customer.status !== 'TERMINATED' && (
        <InviteUserDrawer
          open={drawer === 'invite'}
          // Spec 1 §6: invites from the customer area are super users; say so before sending.
          intro={`The new user becomes a super user of ${customer.name} and receives an invitation e-mail to create their account.`}
          send={send}
          onClose={close}
        />
      )}
    </>
  );
}
