import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { EDIT_GROUP_GUARD, GROUP_ACCESS_MESSAGES } from '../../../domain/groups';
import type { InviteUserForm } from '../../../domain/invites';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { useCan, useSessionState } from '../../../src/layout/useSession';
import { InviteUserDrawer } from '../../../src/users/InviteUserDrawer';

/** Invite User to a group (spec 2 §2.2, §7): disabled without the group-edit permission (§6). */
export function GroupInviteAction({ group }: { group: { id: string; name: string; supplierCreationType: string | null } }) {
  const can = useCan();
  const allowed = can(EDIT_GROUP_GUARD.permission, EDIT_GROUP_GUARD.action);
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const by = useSessionState().session?.user;
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const send = (form: InviteUserForm) => dataProvider.inviteGroupUser(group, form, by);
  return (
    <>
      <PermissionButton
        allowed={allowed}
        why={GROUP_ACCESS_MESSAGES.noEdit}
        variant="outlined"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Invite User
      </PermissionButton>
      {used && allowed && (
        <InviteUserDrawer
          open={open}
          intro={`The new user becomes a super user of ${group.name} and receives an invitation e-mail to create their account.`}
          send={send}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
