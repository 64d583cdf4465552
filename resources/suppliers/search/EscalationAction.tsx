import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { SUPPLIER_ACCESS_MESSAGES } from '../../../domain/suppliers';
import { supplierResource } from '../../../domain/resources/supplier';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { EscalationDrawer } from '../escalation/EscalationDrawer';
import type { SupplierHit } from './supplierHit';

/** The Escalation Information action of a supplier card; needs the supplier-edit permission (spec 2 §6). */
export function EscalationAction({ hit }: { hit: SupplierHit }) {
  const { canAccess } = useCanAccess({ resource: supplierResource.name, action: 'escalation' });
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on: a page of 25 cards does not hold 25 idle drawers.
  const [used, setUsed] = useState(false);
  return (
    <>
      <PermissionButton
        allowed={canAccess}
        why={SUPPLIER_ACCESS_MESSAGES.noEdit}
        variant="outlined"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Escalation Information
      </PermissionButton>
      {used && <EscalationDrawer open={open} supplier={{ id: String(hit.id), accountObjectId: hit.groupId, name: hit.name }} onClose={() => setOpen(false)} />}
    </>
  );
}
