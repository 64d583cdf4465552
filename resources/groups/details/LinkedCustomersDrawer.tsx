import { useState } from 'react';
import { failureText } from '../../../api/client';
import { Alert, Box, List, ListItem, ListItemText } from '@mui/material';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { GROUP_ACCESS_MESSAGES, LINKED_CUSTOMER_MESSAGES as M, type GroupDetails, type LinkedLeaseAccount } from '../../../domain/groups';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { groupResource } from '../../../domain/resources/group';
import { useSessionState } from '../../../src/layout/useSession';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { PlainDrawer } from '../../../src/ui/Drawer';

/** Ours: the spec gives no width for this drawer; the invite drawer's. */
const WIDTH = 600;

/**
 * The group's linked lease companies (spec 2 §2.2, §4), ACTIVE links of ACTIVE customers by name,
 * each with Unlink (ALLOW_UNLINK_CUSTOMER, else disabled with the spec's notice). Unlink asks the
 * spec's question, terminates the link and reads the group again, so the list follows.
 */
export function LinkedCustomersDrawer({ open, group, onClose, onChanged }: { open: boolean; group: GroupDetails; onClose(): void; onChanged(): void }) {
  const { canAccess: allowed } = useCanAccess({ resource: groupResource.name, action: 'unlink' });
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const by = useSessionState().session?.user;
  const notify = useNotify();
  const [asking, setAsking] = useState<LinkedLeaseAccount | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const unlink = async (link: LinkedLeaseAccount) => {
    setAsking(null);
    setBusy(link.leaseAccountId);
    setFailed(false);
    try {
      await dataProvider.unlinkLeaseCompany({ leaseId: link.leaseId, accountId: group.id, leaseAccountId: link.leaseAccountId }, by);
      notify(M.unlinked, { type: 'success', title: M.title });
      onChanged();
    } catch (err) {
      setFailed(true);
      notify(failureText(err, M.unlinkFailed), { type: 'error', title: M.title });
    } finally {
      setBusy(null);
    }
  };

  return (
    <PlainDrawer open={open} title={M.title} subtitle={group.name} width={WIDTH} onClose={onClose} closeButton>
      {failed && <Alert severity="error">{M.unlinkFailed}</Alert>}
      {group.linkedLeaseAccounts.length === 0 ? (
        <Alert severity="info">{M.none}</Alert>
      ) : (
        <List aria-label={M.title} disablePadding>
          {group.linkedLeaseAccounts.map((link) => (
            <ListItem key={link.leaseAccountId} divider sx={{ px: 0, gap: 2 }}>
              <ListItemText primary={link.name} secondary={`${link.diCustomerId}${link.agreementStatus ? ` · Agreement ${link.agreementStatus.toLowerCase()}` : ''}`} />
              <Box sx={{ flexShrink: 0 }}>
                <PermissionButton
                  allowed={allowed}
                  why={GROUP_ACCESS_MESSAGES.noUnlink}
                  variant="outlined"
                  color="error"
                  disabled={busy !== null}
                  onClick={() => setAsking(link)}
                >
                  Unlink
                </PermissionButton>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {group.moreLinkedLeaseAccounts && <Alert severity="info">{M.more}</Alert>}
      <ConfirmDialog
        open={asking !== null}
        id="unlink-customer"
        title={M.unlinkTitle}
        text={M.unlinkQuestion}
        cancelLabel="Cancel"
        confirmLabel="Unlink"
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && void unlink(asking)}
      />
    </PlainDrawer>
  );
}
