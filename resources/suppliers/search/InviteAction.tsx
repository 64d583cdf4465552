import type { InviteUserForm } from '../../../domain/invites';
import { SUPPLIER_ACCESS_MESSAGES } from '../../../domain/suppliers';
import { InviteUserButton } from '../../../src/users/InviteUserButton';
import type { SupplierHit } from './supplierHit';
import { useSupplierCardAccess } from './cardAccess';

/**
 * Invite User on a supplier card (spec 2 §2.1): hidden for a terminated supplier (§4), disabled
 * without the supplier-edit permission (§6).
 */
export function InviteAction({ hit }: { hit: SupplierHit }) {
  const { invite: canAccess, user: by } = useSupplierCardAccess();
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
