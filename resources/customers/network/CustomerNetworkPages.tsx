import { NothingSelected } from '../../../src/ui/NothingSelected';
import { useMemo } from 'react';
import { Alert } from '@mui/material';
import { useCanAccess, useDataProvider, useGetOne } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import type { CustomerDetails } from '../../../domain/customers';
import { PageFrame, type BackLink } from '../../../src/layout/PageFrame';
import { DETAILS, detailsPath, SEARCH, type CustomerNavState } from '../paths';
import { useRecordId } from '../../../src/resources/useRecordId';
import { NetworkExportPage } from '../../../src/network/NetworkExportPage';
import { NetworkImportPage } from '../../../src/network/NetworkImportPage';
import { NO_NETWORK_ACCESS } from '../../../src/network/paths';
import { customerNetwork, type NetworkVariant } from '../../../src/network/variant';
import { customerResource } from '../../../domain/resources/customer';

type Render = (variant: NetworkVariant, canEdit: boolean) => React.ReactNode;

/**
 * A customer's network page: the customer from the route (state or ?id=), its name once loaded,
 * Back to its details. Opening needs the network permission's view; changes need its edit.
 */
function CustomerNetworkPage({ title, render }: { title: string; render: Render }) {
  const { id, searchUrl } = useRecordId();
  const { canAccess: canView } = useCanAccess({ resource: customerResource.name, action: 'network' });
  const { canAccess: canEdit } = useCanAccess({ resource: customerResource.name, action: 'editNetwork' });
  const { data: customer, error } = useGetOne<CustomerDetails>(customerResource.name, { id: id ?? '' }, { enabled: Boolean(id) && canView === true, retry: false });
  const name = customer?.name ?? null;
  // Always 'Back to Customer Details' (spec 1 §2); without a customer that page says how to pick one.
  const back: BackLink = useMemo(
    () => (id ? { label: 'Back to Customer Details', to: detailsPath(id), state: { leaseCompanyId: id, searchUrl } satisfies CustomerNavState } : { label: 'Back to Customer Details', to: DETAILS }),
    [id, searchUrl],
  );
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const variant = useMemo(() => (id ? customerNetwork(dataProvider, id, name, back) : null), [dataProvider, id, name, back]);

  if (!id || !variant)
    return (
      <PageFrame title={title} back={back}>
        <NothingSelected what="customer" search="Customer Search" searchTo={SEARCH} />
      </PageFrame>
    );
  if (canView === undefined || canEdit === undefined) return <PageFrame title={title} back={back} loading />;
  if (!canView)
    return (
      <PageFrame title={title} back={back}>
        <Alert severity="warning">{NO_NETWORK_ACCESS}</Alert>
      </PageFrame>
    );
  if (error)
    return (
      <PageFrame title={title} back={back}>
        <Alert severity="error">{(error as { status?: number }).status === 404 ? 'This customer does not exist.' : 'The customer could not be loaded.'}</Alert>
      </PageFrame>
    );
  return <>{render(variant, canEdit)}</>;
}

export function CustomerNetworkExportPage() {
  return <CustomerNetworkPage title="Network Export" render={(variant, canEdit) => <NetworkExportPage title="Network Export" variant={variant} canEdit={canEdit} />} />;
}

export function CustomerNetworkImportPage() {
  return <CustomerNetworkPage title="Network Import" render={(variant, canEdit) => <NetworkImportPage title="Network Import" variant={variant} canEdit={canEdit} />} />;
}
