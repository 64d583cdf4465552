import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import type { InviteUserForm } from '../../../domain/invites';
import { EDIT_SUPPLIER_GUARD, SUPPLIER_ACCESS_MESSAGES } from '../../../domain/suppliers';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { useCan, useSessionState } from '../../../src/layout/useSession';
import { InviteUserDrawer } from '../../../src/users/InviteUserDrawer';
import type { SupplierHit } from './supplierHit';

/**
 * Invite User on a supplier card (spec 2 §2.1): hidden for a terminated supplier (§4), disabled
 * without the supplier-edit permission (§6).
 */
export function InviteAction({ hit }: { hit: SupplierHit }) {
  const can = useCan();
  const allowed = can(EDIT_SUPPLIER_GUARD.permission, EDIT_SUPPLIER_GUARD.action);
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const by = useSessionState().session?.user;
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (hit.status !== 'live') return null;
  const supplier = { id: String(hit.id), accountObjectId: hit.groupId, name: hit.name };
  const send = (form: InviteUserForm) => dataProvider.inviteSupplierUser(supplier, form, by);
  return (
    <>
      <PermissionButton
        allowed={allowed}
        why={SUPPLIER_ACCESS_MESSAGES.noEdit}
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
          intro={`The new user becomes a super user of ${hit.name} and receives an invitation e-mail to create their account.`}
          send={send}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
