import { useState } from 'react';
import { SUPPLIER_ACCESS_MESSAGES } from '../../../domain/suppliers';
import { CardPermissionButton } from '../../../src/search/CardButton';
import { EscalationDrawer } from '../escalation/EscalationDrawer';
import type { SupplierHit } from './supplierHit';
import { useSupplierCardAccess } from './cardAccess';

/** The Escalation Information action of a supplier card; needs the supplier-edit permission (spec 2 §6). */
export function EscalationAction({ hit }: { hit: SupplierHit }) {
  const { escalation: canAccess } = useSupplierCardAccess();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on: a page of 25 cards does not hold 25 idle drawers.
  const [used, setUsed] = useState(false);
  return (
    <>
      <CardPermissionButton
        allowed={canAccess}
        why={SUPPLIER_ACCESS_MESSAGES.noEdit}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Escalation Information
      </CardPermissionButton>
      {used && <EscalationDrawer open={open} supplier={{ id: String(hit.id), accountObjectId: hit.groupId, name: hit.name }} onClose={() => setOpen(false)} />}
    </>
  );
}
