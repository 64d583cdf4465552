import { useIsMutating } from '@tanstack/react-query';
import { NothingSelected } from '../../../src/ui/NothingSelected';
import { Alert, Box, Chip } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useGetOne } from 'react-admin';
import type { CustomerDetails } from '../../../domain/customers';
import { CUSTOMER_ACCESS_MESSAGES, EDIT_CUSTOMER_GUARD } from '../../../domain/customers/access';
import { PageFrame } from '../../../src/layout/PageFrame';
import { useCan } from '../../../src/layout/useSession';
import { PermissionButton, PermissionTooltip } from '../../../src/layout/PermissionButton';
import { editPath, SEARCH, type CustomerNavState } from '../paths';
import { useCustomerId } from '../useCustomerId';
import { useLiveTopic } from '../../../src/ui/useLiveTopic';
import { TERMINATING, TerminateButton } from '../../../src/ui/TerminateButton';
import { CustomerSections } from './CustomerSections';
import { UserActions } from './UserActions';
import { IntegrationActions } from './IntegrationActions';
import { NetworkActions } from './NetworkActions';
import { HistoryLink } from '../../../src/ui/HistoryLink';
import { customerResource } from '../../../domain/resources/customer';

/** Customer Details (spec 1 §2): read-only, live, with Terminate and Edit for customer editors. */
export function CustomerDetailsPage() {
  const { id, searchUrl } = useCustomerId();
  const can = useCan();
  const navigate = useNavigate();
  // Terminating: the page waits for it.
  const busy = useIsMutating({ mutationKey: TERMINATING }) > 0;
  const { data: customer, isPending, error, refetch } = useGetOne<CustomerDetails>(customerResource.name, { id: id ?? '' }, { enabled: Boolean(id), retry: false });
  // Someone else's save or termination shows here at once.
  useLiveTopic(id ? customerResource.live(id) : null, () => void refetch());

  const back = { label: 'Back to Customer Search', to: searchUrl ?? SEARCH };
  if (!id) {
    return (
      <PageFrame title="Customer Details" back={back}>
        <NothingSelected what="customer" search="Customer Search" searchTo={SEARCH} thenView />
      </PageFrame>
    );
  }
  const canEdit = can(EDIT_CUSTOMER_GUARD.permission, EDIT_CUSTOMER_GUARD.action);
  const noPermission = CUSTOMER_ACCESS_MESSAGES.noEdit;
  const state: CustomerNavState = { leaseCompanyId: id, searchUrl };

  const header = customer && (
    <>
      {customer.status === 'TERMINATED' && <Chip label="Terminated" />}
      {customer.status === 'ACTIVE' && (
        <PermissionTooltip allowed={canEdit} why={noPermission}>
          <TerminateButton
            resource={customerResource.name}
            params={{ id: customer.id, version: customer.version }}
            label="Customer"
            question="Are you sure you want to terminate this customer record?"
            done="This customer has been Terminated"
            after={SEARCH}
            disabled={!canEdit || busy}
          />
        </PermissionTooltip>
      )}
      <HistoryLink recordType="leaseCompany" recordId={customer.id} />
      <PermissionButton allowed={canEdit} why={noPermission} variant="contained" onClick={() => navigate(editPath(id), { state })}>
        Edit
      </PermissionButton>
    </>
  );

  return (
    <PageFrame title="Customer Details" back={back} header={header} loading={isPending && !error} blocking={busy}>
      {error ? (
        <Alert severity="error">{(error as { status?: number }).status === 404 ? 'This customer does not exist.' : 'The customer could not be loaded.'}</Alert>
      ) : customer ? (
        <Box data-testid="customer-details">
          <Box role="toolbar" aria-label="Customer actions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 3 }}>
            <UserActions customer={customer} />
            <IntegrationActions customer={customer} />
            <NetworkActions customer={customer} />
          </Box>
          <CustomerSections customer={customer} canViewFees={can('PLATFORM_FEES', 'view')} />
        </Box>
      ) : null}
    </PageFrame>
  );
}
