import { useCallback, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Drawer, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { USERS_DRAWER_WIDTH, USER_MESSAGES, userDisplay, userName, type CustomerDetails, type LeaseUser } from '../../../domain/customers';
import { getLeaseUsers } from '../../../dataProvider/customerUsers';
import { useCustomerList } from '../useCustomerList';
import { ConfirmDeleteDialog } from '../ConfirmDialog';
import { useUserCommands, type UserCommand } from './useUserCommands';
import { UserRow } from './UserRow';
import { visuallyHidden } from '../details/parts';

export interface UsersDrawerProps {
  open: boolean;
  customer: CustomerDetails;
  canEdit: boolean;
  onClose(): void;
}

/** The Users drawer (spec 1 §2): the customer's lease users, live, with their actions. */
export function UsersDrawer({ open, customer, canEdit, onClose }: UsersDrawerProps) {
  const { items: users, error, reload } = useCustomerList(customer.id, open, 'users', getLeaseUsers);
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
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: USERS_DRAWER_WIDTH } }, role: 'dialog', 'aria-labelledby': 'users-drawer-title' } as object }}
    >
      <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography id="users-drawer-title" variant="h2" component="h2">
              Users
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {customer.name}
            </Typography>
          </Box>
          <IconButton aria-label="Close" onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        </Box>
        <Box role="status" sx={visuallyHidden}>
          {announcement}
        </Box>
        {error ? (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={reload}>Retry</Button>}>
            The users could not be loaded.
          </Alert>
        ) : users === null ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading users" />
          </Box>
        ) : users.length === 0 ? (
          <Alert severity="info">{USER_MESSAGES.noUsers(customer.name)}</Alert>
        ) : (
          <Table size="small" aria-labelledby="users-drawer-title">
            <TableHead>
              <TableRow>
                <TableCell>Name and email</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.map((user) => (
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
      </Box>
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
    </Drawer>
  );
}
