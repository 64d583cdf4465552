import { useCallback, useState } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { USERS_DRAWER_WIDTH, USER_MESSAGES, userDisplay, userName, type CustomerDetails, type LeaseUser } from '../../../domain/customers';
import { customerUserResource } from '../../../domain/resources/customerUsers';
import { useLiveList } from '../../../src/ui/useLiveList';
import { topics } from '../../../domain/live';
import { ConfirmDeleteDialog } from '../../../src/ui/ConfirmDialog';
import { PlainDrawer } from '../../../src/ui/Drawer';
import { ListStates } from '../../../src/ui/ListStates';
import { useUserCommands, type UserCommand } from './useUserCommands';
import { UserRow } from './UserRow';
import { visuallyHidden } from '../../../src/ui/visuallyHidden';

export interface UsersDrawerProps {
  open: boolean;
  customer: CustomerDetails;
  canEdit: boolean;
  onClose(): void;
}

/** The Users drawer (spec 1 §2): the customer's lease users, live, with their actions. */
export function UsersDrawer({ open, customer, canEdit, onClose }: UsersDrawerProps) {
  const { items: users, error, reload } = useLiveList<LeaseUser>({
    resource: customerUserResource.name,
    target: customerUserResource.parent.target,
    id: customer.id,
    active: open,
    topic: topics.leaseCompany(customer.id),
    op: 'users',
  });
  const { run, busyId, reactivated, announcement } = useUserCommands(customer, reload);
  const [confirming, setConfirming] = useState<LeaseUser | null>(null);
  const onAction = useCallback(
    (command: UserCommand, user: LeaseUser) => {
      if (command === 'delete') setConfirming(user);
      else void run(command, user);
    },
    [run],
  );
  const now = Date.now();

  return (
    <PlainDrawer open={open} title="Users" titleId="users-drawer-title" subtitle={customer.name} closeButton width={USERS_DRAWER_WIDTH} onClose={onClose}>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      <ListStates items={users} error={error} onRetry={reload} errorText="The users could not be loaded." loadingLabel="Loading users" emptyText={USER_MESSAGES.noUsers(customer.name)}>
        {(list) => (
          <Table size="small" aria-labelledby="users-drawer-title">
            <TableHead>
              <TableRow>
                <TableCell>Name and email</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  shown={userDisplay(user, { now, reactivatedInSession: reactivated.has(user.id) })}
                  canEdit={canEdit}
                  busy={busyId === user.id}
                  invitesAllowed={customer.status !== 'TERMINATED'}
                  onAction={onAction}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </ListStates>
      <ConfirmDeleteDialog
        item={confirming}
        id="delete-user"
        title="Delete user?"
        describe={(user) => `${userName(user)} (${user.email}) will no longer be able to sign in. Are you sure you want to delete this user?`}
        onCancel={() => setConfirming(null)}
        onConfirm={(user) => {
          setConfirming(null);
          void run('delete', user);
        }}
      />
    </PlainDrawer>
  );
}
