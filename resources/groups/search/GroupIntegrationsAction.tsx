import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { groupResource } from '../../../domain/resources/group';
import { API_MESSAGES } from '../../../domain/apiConfig';
import { ApiIntegrationsDrawer } from '../../../src/integrations/ApiIntegrationsDrawer';
import { PermissionButton } from '../../../src/layout/PermissionButton';

/** The card's 'group' view-type action (spec 2 §2.2): the group's API integrations, view type GARAGE (spec 1 §3 "API config"). */
export function GroupIntegrationsAction({ id, name }: { id: string; name: string }) {
  const { canAccess: allowed } = useCanAccess({ resource: groupResource.name, action: 'integrations' });
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <PermissionButton
        allowed={allowed}
        why={API_MESSAGES.noViewPermission}
        variant="outlined"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        View Integrations
      </PermissionButton>
      {used && allowed && <ApiIntegrationsDrawer open={open} owner={{ viewType: 'GARAGE', id }} ownerName={name} onClose={() => setOpen(false)} />}
    </>
  );
}
