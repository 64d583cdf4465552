import { whyCannotCreateCustomer } from '../../../domain/customers/access';
import { useSessionState } from '../../../src/layout/useSession';
import { CreateInCountryButton } from '../../../src/ui/CreateInCountryButton';
import { createPath } from '../paths';

/**
 * 'Create New Customer': asks which country's form (UK or Ireland), then opens it. Disabled, with
 * the reason as its tooltip, for users who may not create customers (domain access rule).
 */
export function CreateCustomerButton() {
  return <CreateInCountryButton label="Create New Customer" why={whyCannotCreateCustomer(useSessionState().session?.roles)} path={createPath} />;
}
