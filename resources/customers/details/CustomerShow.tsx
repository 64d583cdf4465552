import { useIsMutating } from '@tanstack/react-query';
import { Box, Chip } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useCanAccess, useShowContext } from 'react-admin';
import type { CustomerDetails } from '../../../domain/customers';
import { CUSTOMER_ACCESS_MESSAGES } from '../../../domain/customers/access';
import { PageFrame } from '../../../src/layout/PageFrame';
import { PermissionButton, PermissionTooltip } from '../../../src/layout/PermissionButton';
import { editPath, SEARCH, type CustomerNavState } from '../paths';
import type { RecordPage } from '../../../src/resources/recordStates';
import { RecordShow } from '../../../src/resources/RecordShow';
import { TERMINATING, TerminateButton } from '../../../src/ui/TerminateButton';
import { CustomerSections } from './CustomerSections';
import { UserActions } from './UserActions';
import { IntegrationActions } from './IntegrationActions';
import { NetworkActions } from './NetworkActions';
import { HistoryLink } from '../../../src/ui/HistoryLink';
import { customerResource } from '../../../domain/resources/customer';

/**
 * Customer Details (spec 1 §2): read-only, live, with Terminate and Edit for customer editors. At
 * the spec's /customer/customer-details (the id in navigation state or ?id=) and at react-admin's
 * /customer/:id/show.
 */
export function CustomerShow() {
  return <RecordShow title="Customer Details" what="customer" search="Customer Search" searchTo={SEARCH} view={CustomerDetailsView} />;
}

function CustomerDetailsView({ page, searchUrl }: { page: RecordPage; searchUrl: string | undefined }) {
  const { record: customer } = useShowContext<CustomerDetails>();
  const { canAccess: canEdit } = useCanAccess({ resource: customerResource.name, action: 'edit' });
  const { canAccess: canTerminate } = useCanAccess({ resource: customerResource.name, action: 'terminate' });
  const { canAccess: canViewFees } = useCanAccess({ resource: customerResource.name, action: 'viewFees' });
  const navigate = useNavigate();
  // Terminating: the page waits for it.
  const busy = useIsMutating({ mutationKey: TERMINATING }) > 0;
  if (!customer) return null;

  const noPermission = CUSTOMER_ACCESS_MESSAGES.noEdit;
  const state: CustomerNavState = { leaseCompanyId: customer.id, searchUrl };

  const header = (
    <>
      {customer.status === 'TERMINATED' && <Chip label="Terminated" />}
      {customer.status === 'ACTIVE' && (
        <PermissionTooltip allowed={canTerminate} why={noPermission}>
          <TerminateButton
            resource={customerResource.name}
            params={{ id: customer.id, version: customer.version }}
            label="Customer"
            question="Are you sure you want to terminate this customer record?"
            done="This customer has been Terminated"
            after={SEARCH}
            disabled={canTerminate !== true || busy}
          />
        </PermissionTooltip>
      )}
      <HistoryLink recordType="leaseCompany" recordId={customer.id} />
      <PermissionButton allowed={canEdit} why={noPermission} variant="contained" onClick={() => navigate(editPath(customer.id), { state })}>
        Edit
      </PermissionButton>
    </>
  );

  return (
    <PageFrame title={page.title} back={page.back} header={header} blocking={busy}>
      <Box data-testid="customer-details">
        <Box role="toolbar" aria-label="Customer actions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 3 }}>
          <UserActions customer={customer} />
          <IntegrationActions customer={customer} />
          <NetworkActions searchUrl={searchUrl} />
        </Box>
        <CustomerSections canViewFees={canViewFees === true} />
      </Box>
    </PageFrame>
  );
}
