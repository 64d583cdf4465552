import { useCanAccess, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { CustomerDetails } from '../../../domain/customers';
import { customerResource } from '../../../domain/resources/customer';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { NO_NETWORK_ACCESS, networkExportPath, networkImportPath } from '../../../src/network/paths';
import type { CustomerNavState } from '../paths';

/**
 * Network Export and Network Import buttons of a customer (spec 1 §2): disabled with the tooltip
 * without the network permission; Import also until the customer's details are loaded.
 * `searchUrl`: the search the details page was opened from, for the way back.
 */
export function NetworkActions({ searchUrl }: { searchUrl: string | undefined }) {
  const customer = useRecordContext<CustomerDetails>();
  const navigate = useNavigate();
  const { canAccess: allowed } = useCanAccess({ resource: customerResource.name, action: 'network' });
  const leaseCompanyId = customer?.id;
  const state: CustomerNavState | undefined = leaseCompanyId ? { leaseCompanyId, searchUrl } : undefined;
  return (
    <>
      <PermissionButton
        allowed={allowed}
        why={NO_NETWORK_ACCESS}
        variant="outlined"
        disabled={!leaseCompanyId}
        onClick={() => leaseCompanyId && navigate(networkExportPath(leaseCompanyId), { state })}
      >
        Network Export
      </PermissionButton>
      <PermissionButton allowed={allowed} why={NO_NETWORK_ACCESS} variant="outlined" disabled={!customer} onClick={() => customer && navigate(networkImportPath(customer.id), { state })}>
        Network Import
      </PermissionButton>
    </>
  );
}
