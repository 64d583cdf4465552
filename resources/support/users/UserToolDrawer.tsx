import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Chip, Paper, Typography } from '@mui/material';
import {
  CLAIMS_RELOAD_DELAY_MS,
  CONFIRM_PREFIX,
  supportTool,
  USER_TOOL_LABELS,
  USER_TOOL_MESSAGES,
  userEmailIdSchema,
  verifyUserEmailSchema,
  type SupportUser,
  type UserTool,
} from '../../../domain/support';
import { CardField } from '../../../src/ui/details';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { formatDateTime } from '../../../src/network/format';
import { ToolDrawer } from '../ToolDrawer';
import { useToolSearch } from '../useToolSearch';
import { SearchForm } from '../SearchForm';
import { useSupportAction } from '../useSupportAction';
import { BusyButton } from '../../../src/ui/BusyButton';

/**
 * One Manage User tool's drawer (spec 3 §2.4): search by e-mail, the user card, and the tool's
 * actions: Remove User, or Verify User with the claims update.
 */
export function UserToolDrawer({ tool, open, onClose }: { tool: UserTool; open: boolean; onClose(): void }) {
  return (
    <ToolDrawer tool={tool} open={open} onClose={onClose}>
      <UserToolBody tool={tool} />
    </ToolDrawer>
  );
}

function UserToolBody({ tool }: { tool: UserTool }) {
  const { found: user, error, busy, search, again, clearError } = useToolSearch((dp, emailId: string) => dp.searchUser(emailId), USER_TOOL_MESSAGES.notFound);
  const removing = tool === 'removeUser';
  return (
    <>
      <SearchForm
        label={removing ? USER_TOOL_LABELS.emailId : USER_TOOL_LABELS.email}
        schema={removing ? userEmailIdSchema : verifyUserEmailSchema}
        busy={busy}
        onSearch={search}
        onEdit={clearError}
      />
      {error && <Alert severity="error">{error}</Alert>}
      {user && (
        <UserCard key={`${user.id}:${user.status.value}:${user.emailVerifiedAt}:${user.claimsUpdatedAt}`} user={user}>
          {removing ? <RemovePanel user={user} onDone={again} /> : <VerifyPanel user={user} onDone={again} />}
        </UserCard>
      )}
    </>
  );
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : null);
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** The user card: who, where they belong, the invitation's dates and the status shown (spec 3 §3, §4). */
function UserCard({ user: u, children }: { user: SupportUser; children: ReactNode }) {
  const name = `${u.firstname} ${u.lastname}`.trim();
  return (
    <Paper variant="outlined" component="article" aria-label={`User ${u.contact.email}`} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mr: 'auto' }}>
          {name}
        </Typography>
        <Chip size="small" label={u.status.label} color={u.status.value === 'REGISTERED' ? 'success' : u.status.value === 'DELETED' ? 'default' : 'warning'} />
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <CardField label="Email" value={u.contact.email} />
        <CardField label="Role" value={u.role.join(', ')} />
        <CardField label="Company" value={u.company} />
        <CardField label="Account" value={u.accountName} />
        <CardField label="Service Unit" value={u.serviceUnitName} />
        <CardField label="Status" value={u.status.label} />
        <CardField label="Created" value={when(u.createdTimestamp)} />
        <CardField label="Invited" value={when(u.invitedAt)} />
        <CardField label="Invite Expiry" value={when(u.expiryTimestamp)} />
        <CardField label="Enabled" value={yesNo(u.enabled)} />
        <CardField label="Registration Complete" value={yesNo(u.userRegistrationComplete)} />
        <CardField label="Email Verified" value={when(u.emailVerifiedAt)} />
        <CardField label="Claims Updated" value={when(u.claimsUpdatedAt)} />
      </Box>
      {children}
    </Paper>
  );
}

function ActionRow({ children, error }: { children: ReactNode; error: string | null }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}>{children}</Box>
    </Box>
  );
}

function ActionButton({ busy, label, onClick, color, disabled }: { busy: boolean; label: string; onClick(): void; color?: 'error' | 'primary'; disabled?: boolean }) {
  return (
    <BusyButton busy={busy} variant="contained" color={color ?? 'primary'} onClick={onClick} disabled={disabled}>
      {label}
    </BusyButton>
  );
}

/** Remove: after the confirmation; a refusal shows the server's message (spec 3 §8). */
function RemovePanel({ user, onDone }: { user: SupportUser; onDone(): void }) {
  const action = useSupportAction(supportTool('removeUser').label);
  const [asking, setAsking] = useState(false);
  const id = useId();
  const confirm = async () => {
    setAsking(false);
    if (await action.run((dp) => dp.removeUser(user.contact.email, action.user), USER_TOOL_MESSAGES.generic)) onDone();
  };
  return (
    <>
      <ActionRow error={action.error}>
        <ActionButton busy={action.busy} label={USER_TOOL_LABELS.remove} color="error" onClick={() => setAsking(true)} />
      </ActionRow>
      <ConfirmDialog
        open={asking}
        id={id}
        title={USER_TOOL_LABELS.remove}
        text={`${CONFIRM_PREFIX} you want to remove ${user.contact.email}?`}
        cancelLabel="No"
        confirmLabel="Yes"
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
      />
    </>
  );
}

/**
 * Verify User and Update Claims. Claims are offered only to a registered user; after an update the
 * card is read again once CLAIMS_RELOAD_DELAY_MS has passed (spec 3 §2.4, §9), and a failure shows
 * the generic notice (spec 3 §8).
 */
function VerifyPanel({ user, onDone }: { user: SupportUser; onDone(): void }) {
  const verify = useSupportAction(supportTool('verifyUser').label);
  const claims = useSupportAction(USER_TOOL_LABELS.updateClaims);
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const runVerify = async () => {
    if (await verify.run((dp) => dp.verifyUser(user.contact.email), USER_TOOL_MESSAGES.generic)) onDone();
  };
  const runClaims = async () => {
    let ok = false;
    await claims.run(async (dp) => {
      try {
        const answer = await dp.triggerUserClaimsUpdate(user.contact.email);
        ok = true;
        return answer;
      } catch {
        throw new Error(USER_TOOL_MESSAGES.generic);
      }
    }, USER_TOOL_MESSAGES.generic);
    if (!ok) return;
    setWaiting(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setWaiting(false);
      onDone();
    }, CLAIMS_RELOAD_DELAY_MS);
  };
  const registered = user.status.value === 'REGISTERED';
  return (
    <ActionRow error={verify.error ?? claims.error}>
      <ActionButton busy={claims.busy || waiting} label={USER_TOOL_LABELS.updateClaims} disabled={!registered || verify.busy} onClick={runClaims} />
      <ActionButton busy={verify.busy} label={USER_TOOL_LABELS.verify} disabled={claims.busy || waiting} onClick={runVerify} />
    </ActionRow>
  );
}
