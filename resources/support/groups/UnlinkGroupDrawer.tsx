import { useCallback, useId, useState } from 'react';
import { Alert, Box, Paper } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { failureText } from '../../../api/client';
import type { LeaseAccount } from '../../../domain/network/contract';
import { CONFIRM_PREFIX, GROUP_LINK_LABELS, GROUP_LINK_MESSAGES, groupNameSchema, supportTool, type GroupLink } from '../../../domain/support';
import { GroupSearchField } from '../../../src/network/GroupSearchField';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';
import { CardField } from '../../../src/ui/details';
import { ToolDrawer } from '../ToolDrawer';
import { SearchForm } from '../SearchForm';
import { useSupportAction } from '../useSupportAction';
import { BusyButton } from '../../../src/ui/BusyButton';

/**
 * Unlink Group (spec 3 §2.4): pick the lease company by name (active ones), find its link to a group
 * by the group's name, see the link (id, accountId, serviceGroupName, status) and unlink it, after a
 * confirmation.
 */
export function UnlinkGroupDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <ToolDrawer tool="unlinkGroup" open={open} onClose={onClose}>
      <UnlinkGroupBody />
    </ToolDrawer>
  );
}

function UnlinkGroupBody() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [company, setCompany] = useState<LeaseAccount | null>(null);
  const [link, setLink] = useState<GroupLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const searchCompanies = useCallback((text: string, signal: AbortSignal) => dataProvider.companiesByName('CUSTOMER', text, signal), [dataProvider]);
  const findLink = async (groupName: string) => {
    if (!company) return setError(GROUP_LINK_MESSAGES.companyRequired);
    setBusy(true);
    setError(null);
    try {
      setLink(await dataProvider.leaseGroupLink(company.id, groupName));
    } catch (err) {
      setLink(null);
      setError(failureText(err, GROUP_LINK_MESSAGES.noGroup));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <GroupSearchField
        label={GROUP_LINK_LABELS.company}
        failedText={GROUP_LINK_MESSAGES.searchFailed}
        required
        value={company}
        onChange={(next) => {
          setCompany(next);
          setLink(null);
          setError(null);
        }}
        search={searchCompanies}
      />
      <SearchForm label={GROUP_LINK_LABELS.groupName} schema={groupNameSchema} busy={busy} onSearch={findLink} onEdit={() => setError(null)} />
      {error && <Alert severity="error">{error}</Alert>}
      {/* Once unlinked, the card goes and the toast says so; searching again would only say 'No Group found'. */}
      {link && <LinkCard key={`${link.id}:${link.version}`} link={link} onDone={() => setLink(null)} />}
    </>
  );
}

function LinkCard({ link, onDone }: { link: GroupLink; onDone(): void }) {
  const action = useSupportAction(supportTool('unlinkGroup').label);
  const [asking, setAsking] = useState(false);
  const id = useId();
  const unlink = async () => {
    setAsking(false);
    if (await action.run((dp) => dp.unlinkLeaseFromGroup(link), GROUP_LINK_MESSAGES.generic)) onDone();
  };
  return (
    <Paper variant="outlined" component="article" aria-label={`Group link ${link.serviceGroupName}`} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <CardField label="Service Group Name" value={link.serviceGroupName} />
        <CardField label="Status" value={link.status} />
        <CardField label="Id" value={link.id} />
        <CardField label="Account Id" value={link.accountId} />
      </Box>
      {action.error && <Alert severity="error">{action.error}</Alert>}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <BusyButton busy={action.busy} variant="contained" color="error" onClick={() => setAsking(true)}>
          Unlink Group
        </BusyButton>
      </Box>
      <ConfirmDialog
        open={asking}
        id={id}
        title="Unlink Group"
        text={`${CONFIRM_PREFIX} you want to unlink ${link.serviceGroupName}?`}
        cancelLabel="No"
        confirmLabel="Yes"
        onCancel={() => setAsking(false)}
        onConfirm={unlink}
      />
    </Paper>
  );
}
