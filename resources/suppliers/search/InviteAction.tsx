import type { InviteUserForm } from '../../../domain/invites';
import { useCanAccess } from 'react-admin';
import { SUPPLIER_ACCESS_MESSAGES } from '../../../domain/suppliers';
import { supplierResource } from '../../../domain/resources/supplier';
import { useSessionState } from '../../../src/layout/useSession';
import { InviteUserButton } from '../../../src/users/InviteUserButton';
import type { SupplierHit } from './supplierHit';

/**
 * Invite User on a supplier card (spec 2 §2.1): hidden for a terminated supplier (§4), disabled
 * without the supplier-edit permission (§6).
 */
export function InviteAction({ hit }: { hit: SupplierHit }) {
  const { canAccess } = useCanAccess({ resource: supplierResource.name, action: 'invite' });
  const by = useSessionState().session?.user;
  if (hit.status !== 'live') return null;
  const supplier = { id: String(hit.id), accountObjectId: hit.groupId, name: hit.name };
  return (
    <InviteUserButton
      allowed={canAccess}
      why={SUPPLIER_ACCESS_MESSAGES.noEdit}
      intro={`The new user becomes a super user of ${hit.name} and receives an invitation e-mail to create their account.`}
      send={(form: InviteUserForm, dataProvider) => dataProvider.inviteSupplierUser(supplier, form, by)}
    />
  );
}
