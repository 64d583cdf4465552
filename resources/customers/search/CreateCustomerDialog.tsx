import { useCanAccess } from 'react-admin';
import { CUSTOMER_ACCESS_MESSAGES } from '../../../domain/customers/access';
import { customerResource } from '../../../domain/resources/customer';
import { CreateInCountryButton } from '../../../src/ui/CreateInCountryButton';
import { createPath } from '../paths';

/**
 * 'Create New Customer': asks which country's form (UK or Ireland), then opens it. Disabled for
 * users who may not create customers, with the reason as its tooltip: no customer edit at all, or
 * edit without the platform fees a new customer needs.
 */
export function CreateCustomerButton() {
  const { canAccess: canCreate } = useCanAccess({ resource: customerResource.name, action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: customerResource.name, action: 'edit' });
  const why = canEdit === false ? CUSTOMER_ACCESS_MESSAGES.noEdit : CUSTOMER_ACCESS_MESSAGES.createNeedsFees;
  return <CreateInCountryButton label="Create New Customer" allowed={canCreate} why={why} path={createPath} />;
}
