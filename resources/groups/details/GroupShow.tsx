import { useState } from 'react';
import { useCanAccess, useShowContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { GROUP_ACCESS_MESSAGES, type GroupDetails } from '../../../domain/groups';
import { groupResource } from '../../../domain/resources/group';
import { DocumentsButton } from '../../../src/documents/DocumentsButton';
import { PageFrame } from '../../../src/layout/PageFrame';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import type { RecordPage } from '../../../src/resources/recordStates';
import { RecordShow } from '../../../src/resources/RecordShow';
import { HistoryLink } from '../../../src/ui/HistoryLink';
import { editPath, SEARCH, type GroupNavState } from '../paths';
import { GroupSections } from './GroupSections';
import { LinkedCustomersDrawer } from './LinkedCustomersDrawer';

/**
 * Group Details (spec 2 §2.2): every block read-only and live, with Edit (group-edit permission),
 * Show Linked Customer(s) (VIEW_LINKED_CUSTOMERS), documents and History. At the spec's
 * /group/group-details (the id in navigation state or ?id=) and at react-admin's /group/:id/show.
 */
export function GroupShow() {
  return <RecordShow title="Group Details" what="group" search="Group Search" searchTo={SEARCH} view={GroupDetailsView} />;
}

function GroupDetailsView({ page, searchUrl }: { page: RecordPage; searchUrl: string | undefined }) {
  const { record: group, refetch } = useShowContext<GroupDetails>();
  const { canAccess: canEdit } = useCanAccess({ resource: groupResource.name, action: 'edit' });
  const { canAccess: canSeeLinked } = useCanAccess({ resource: groupResource.name, action: 'linkedCustomers' });
  const navigate = useNavigate();
  const [linkedOpen, setLinkedOpen] = useState(false);
  if (!group) return null;

  const state: GroupNavState = { accountId: group.id, searchUrl };
  const header = (
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
    <PageFrame title={page.title} back={page.back} header={header}>
      <GroupSections />
      {canSeeLinked && <LinkedCustomersDrawer open={linkedOpen} group={group} onClose={() => setLinkedOpen(false)} onChanged={() => void refetch()} />}
    </PageFrame>
  );
}
