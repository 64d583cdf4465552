import { useState, type ReactNode } from 'react';
import { Button, Tooltip } from '@mui/material';
import { API_MESSAGES } from '../../../domain/apiConfig';
import { hasWebLink, type CustomerDetails } from '../../../domain/customers';
import { useCan } from '../../../src/layout/useSession';
import { ApiIntegrationsDrawer } from '../integrations/ApiIntegrationsDrawer';
import { RETAILER_TITLE, RetailerDrawer } from '../integrations/RetailerDrawer';
import { WebhooksDrawer } from '../integrations/WebhooksDrawer';
import { WebLinkButton } from '../integrations/WebLinkDialog';

/** Why a button is disabled, on hover and focus of its wrapper (a disabled button gets no events). */
function Guarded({ allowed, why, children }: { allowed: boolean; why: string; children: ReactNode }) {
  return (
    <Tooltip title={allowed ? '' : why}>
      <span>{children}</span>
    </Tooltip>
  );
}

const NO_EDIT_CUSTOMER = 'You do not have permission to change customers';

type Open = 'api' | 'webhooks' | 'retailer' | null;

/** API Integrations, Webhook Subscriptions, retailer configuration and Show Weblink URL for a customer. */
export function IntegrationActions({ customer }: { customer: CustomerDetails }) {
  const can = useCan();
  const [open, setOpen] = useState<Open>(null);
  const canViewApi = can('API_INTEGRATIONS', 'view');
  const canEdit = can('EDIT_CUSTOMER', 'edit');
  const close = () => setOpen(null);
  return (
    <>
      <Guarded allowed={canViewApi} why={API_MESSAGES.noViewPermission}>
        <Button variant="outlined" disabled={!canViewApi} onClick={() => setOpen('api')}>
          View Integrations
        </Button>
      </Guarded>
      <Guarded allowed={canEdit} why={NO_EDIT_CUSTOMER}>
        <Button variant="outlined" disabled={!canEdit} onClick={() => setOpen('webhooks')}>
          Webhook Subscriptions
        </Button>
      </Guarded>
      <Guarded allowed={canEdit} why={NO_EDIT_CUSTOMER}>
        <Button variant="outlined" disabled={!canEdit} onClick={() => setOpen('retailer')}>
          {RETAILER_TITLE}
        </Button>
      </Guarded>
      {hasWebLink(customer) && <WebLinkButton webLinkId={customer.webLinkId!} customerName={customer.name} />}
      {canViewApi && <ApiIntegrationsDrawer open={open === 'api'} owner={{ viewType: 'LEASE', id: customer.id }} ownerName={customer.name} onClose={close} />}
      {canEdit && (
        <>
          <WebhooksDrawer open={open === 'webhooks'} customer={customer} onClose={close} />
          <RetailerDrawer open={open === 'retailer'} customer={customer} onClose={close} />
        </>
      )}
    </>
  );
}
