import { Box, TableCell, TableRow, Typography } from '@mui/material';
import { userName, type LeaseUser, type UserDisplay } from '../../../domain/customers';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { SuperUserIcon } from './SuperUserIcon';
import type { UserCommand } from './useUserCommands';

/** Why the actions are disabled for staff without the customer-edit permission (ours). */
export const NO_USER_PERMISSION = 'You do not have permission to manage users';

const ACTION_LABELS: Record<UserCommand, string> = { resendInvite: 'Resend Invite', reactivate: 'Reactivate Login', delete: 'Delete' };

export interface UserRowProps {
  user: LeaseUser;
  shown: UserDisplay;
  canEdit: boolean;
  busy: boolean;
  /** Resend Invite is not offered for a terminated customer (no new invitations). */
  invitesAllowed: boolean;
  onAction(command: UserCommand, user: LeaseUser): void;
}

/** One user: name (with the super-user mark) over the e-mail, status (Suspended in red) and its actions. */
export function UserRow({ user, shown, canEdit, busy, invitesAllowed, onAction }: UserRowProps) {
  const commands = (['resendInvite', 'reactivate', 'delete'] as const).filter((c) =>
    c === 'resendInvite' ? shown.actions.resendInvite && invitesAllowed : shown.actions[c],
  );
  const deleted = !shown.actions.delete;
  return (
    <TableRow hover>
      <TableCell>
        {/* Describes the row's buttons: "Delete", for whom. */}
        <Box component="span" id={`user-${user.id}-name`} sx={{ fontWeight: 600 }}>
          {userName(user)}
        </Box>
        {user.isAdmin && <SuperUserIcon />}
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
      </TableCell>
      <TableCell>
        <Typography
          variant="body2"
          component="span"
          sx={{ whiteSpace: 'nowrap', fontWeight: shown.suspended ? 700 : 400, color: shown.suspended ? 'error.main' : deleted ? 'text.secondary' : 'text.primary' }}
        >
          {shown.label}
        </Typography>
      </TableCell>
      <TableCell align="right">
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          {commands.map((command) => (
            <PermissionButton
              key={command}
              allowed={canEdit}
              why={NO_USER_PERMISSION}
              size="small"
              variant="outlined"
              color={command === 'delete' ? 'error' : 'primary'}
              disabled={busy}
              aria-describedby={`user-${user.id}-name`}
              onClick={() => onAction(command, user)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {ACTION_LABELS[command]}
            </PermissionButton>
          ))}
        </Box>
      </TableCell>
    </TableRow>
  );
}
