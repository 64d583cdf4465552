import { useState } from 'react';
import { Alert } from '@mui/material';
import { useGetOne } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { EDIT_GROUP_GUARD, GROUP_ACCESS_MESSAGES, VIEW_LINKED_CUSTOMERS_GUARD, type GroupDetails } from '../../../domain/groups';
import { groupResource } from '../../../domain/resources/group';
import { DocumentsButton } from '../../../src/documents/DocumentsButton';
import { PageFrame } from '../../../src/layout/PageFrame';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { useCan } from '../../../src/layout/useSession';
import { HistoryLink } from '../../../src/ui/HistoryLink';
import { NothingSelected } from '../../../src/ui/NothingSelected';
import { useLiveTopic } from '../../../src/ui/useLiveTopic';
import { editPath, SEARCH, type GroupNavState } from '../paths';
import { useGroupId } from '../useGroupId';
import { GroupSections } from './GroupSections';
import { LinkedCustomersDrawer } from './LinkedCustomersDrawer';

/**
 * Group Details (spec 2 §2.2): every block read-only and live, with Edit (group-edit permission),
 * Show Linked Customer(s) (VIEW_LINKED_CUSTOMERS), documents and History.
 */
export function GroupDetailsPage() {
  const { accountId, searchUrl } = useGroupId();
  const can = useCan();
  const navigate = useNavigate();
  const [linkedOpen, setLinkedOpen] = useState(false);
  const { data: group, isPending, error, refetch } = useGetOne<GroupDetails>(groupResource.name, { id: accountId ?? '' }, { enabled: Boolean(accountId), retry: false });
  // Someone else's change, an unlink or a paybill save shows here at once.
  useLiveTopic(accountId ? groupResource.live!(accountId) : null, () => void refetch());

  const back = { label: 'Back to Group Search', to: searchUrl ?? SEARCH };
  if (!accountId) {
    return (
      <PageFrame title="Group Details" back={back}>
        <NothingSelected what="group" search="Group Search" searchTo={SEARCH} thenView />
      </PageFrame>
    );
  }
  const canEdit = can(EDIT_GROUP_GUARD.permission, EDIT_GROUP_GUARD.action);
  const canSeeLinked = can(VIEW_LINKED_CUSTOMERS_GUARD.permission, VIEW_LINKED_CUSTOMERS_GUARD.action);
  const state: GroupNavState = { accountId, searchUrl };
  const header = group && (
    <>
      <DocumentsButton kind="group" id={group.id} name={group.name} count={group.documentCount} />
      <PermissionButton allowed={canSeeLinked} why={GROUP_ACCESS_MESSAGES.noLinkedCustomers} variant="outlined" onClick={() => setLinkedOpen(true)}>
        Show Linked Customer(s)
      </PermissionButton>
      <HistoryLink recordType="group" recordId={group.id} />
      <PermissionButton allowed={canEdit} why={GROUP_ACCESS_MESSAGES.noEdit} variant="contained" onClick={() => navigate(editPath(group.id), { state })}>
        Edit
      </PermissionButton>
    </>
  );

  return (
    <PageFrame title="Group Details" back={back} header={header} loading={isPending && !error}>
      {error ? (
        <Alert severity="error">{(error as { status?: number }).status === 404 ? 'This group does not exist.' : 'The group could not be loaded.'}</Alert>
      ) : group ? (
        <>
          <GroupSections group={group} />
          {canSeeLinked && <LinkedCustomersDrawer open={linkedOpen} group={group} onClose={() => setLinkedOpen(false)} onChanged={() => void refetch()} />}
        </>
      ) : null}
    </PageFrame>
  );
}
