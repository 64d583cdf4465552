import { useCanAccess } from 'react-admin';
import { GROUP_ACCESS_MESSAGES } from '../../../domain/groups';
import { groupResource } from '../../../domain/resources/group';
import type { InviteUserForm } from '../../../domain/invites';
import { useSessionState } from '../../../src/layout/useSession';
import { InviteUserButton } from '../../../src/users/InviteUserButton';

/** Invite User to a group (spec 2 §2.2, §7): disabled without the group-edit permission (§6). */
export function GroupInviteAction({ group }: { group: { id: string; name: string; supplierCreationType: string | null } }) {
  const { canAccess } = useCanAccess({ resource: groupResource.name, action: 'invite' });
  const by = useSessionState().session?.user;
  return (
    <InviteUserButton
      allowed={canAccess}
      why={GROUP_ACCESS_MESSAGES.noEdit}
      intro={`The new user becomes a super user of ${group.name} and receives an invitation e-mail to create their account.`}
      send={(form: InviteUserForm, dataProvider) => dataProvider.inviteGroupUser(group, form, by)}
    />
  );
}
