import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { customerResource } from '../../../domain/resources/customer';
import { API_MESSAGES } from '../../../domain/apiConfig';
import { CUSTOMER_ACCESS_MESSAGES, hasWebLink, type CustomerDetails } from '../../../domain/customers';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { ApiIntegrationsDrawer } from '../../../src/integrations/ApiIntegrationsDrawer';
import { RETAILER_TITLE, RetailerDrawer } from '../integrations/RetailerDrawer';
import { WebhooksDrawer } from '../integrations/WebhooksDrawer';
import { WebLinkButton } from '../integrations/WebLinkDialog';

const NO_EDIT_CUSTOMER = CUSTOMER_ACCESS_MESSAGES.noEdit;

type Open = 'api' | 'webhooks' | 'retailer' | null;

/** API Integrations, Webhook Subscriptions, retailer configuration and Show Weblink URL for a customer. */
export function IntegrationActions({ customer }: { customer: CustomerDetails }) {
  const [open, setOpen] = useState<Open>(null);
  const { canAccess: canViewApi } = useCanAccess({ resource: customerResource.name, action: 'integrations' });
  const { canAccess: canEdit } = useCanAccess({ resource: customerResource.name, action: 'edit' });
  const close = () => setOpen(null);
  return (
    <>
      <PermissionButton allowed={canViewApi} why={API_MESSAGES.noViewPermission} variant="outlined" onClick={() => setOpen('api')}>
        View Integrations
      </PermissionButton>
      <PermissionButton allowed={canEdit} why={NO_EDIT_CUSTOMER} variant="outlined" onClick={() => setOpen('webhooks')}>
        Webhook Subscriptions
      </PermissionButton>
      <PermissionButton allowed={canEdit} why={NO_EDIT_CUSTOMER} variant="outlined" onClick={() => setOpen('retailer')}>
        {RETAILER_TITLE}
      </PermissionButton>
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
