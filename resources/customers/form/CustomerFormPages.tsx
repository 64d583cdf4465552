import { Alert, Link } from '@mui/material';
import { useGetOne } from 'react-admin';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { countryOfLocale, parseCountry, type CustomerDetails } from '../../../domain/customers';
import { PageFrame } from '../../../src/layout/PageFrame';
import { detailsPath, SEARCH, type CustomerNavState } from '../paths';
import { useCustomerId } from '../useCustomerId';
import { CustomerEditor } from './CustomerEditor';
import { customerResource } from '../../../domain/resources/customer';

/** /customer/create-customer/:selectedCountry — back goes to customer search. */
export function CreateCustomerPage() {
  const country = parseCountry(useParams().selectedCountry);
  if (!country) return <Navigate to={SEARCH} replace />;
  // A new key per country, so switching country starts a fresh form.
  return <CustomerEditor key={country} country={country} details={null} back={{ label: 'Back to Customer Search', to: SEARCH }} />;
}

/** /customer/edit-customer — back goes to customer details. */
export function EditCustomerPage() {
  const { id, searchUrl } = useCustomerId();
  const { data, isPending, error } = useGetOne<CustomerDetails>(customerResource.name, { id: id ?? '' }, { enabled: Boolean(id), retry: false });
  if (!id) {
    return (
      <PageFrame title="Edit Customer" back={{ label: 'Back to Customer Search', to: SEARCH }}>
        <Alert severity="info">
          No customer is selected. Find one in <Link component={RouterLink} to={SEARCH}>Customer Search</Link>.
        </Alert>
      </PageFrame>
    );
  }
  const state: CustomerNavState = { leaseCompanyId: id, searchUrl };
  const back = { label: 'Back to Customer Details', to: detailsPath(id), state };
  if (error || !data) {
    return (
      <PageFrame title="Edit Customer" back={back} loading={isPending && !error}>
        {error && <Alert severity="error">The customer could not be loaded.</Alert>}
      </PageFrame>
    );
  }
  return <CustomerEditor country={countryOfLocale(data.locale)} details={data} back={back} />;
}
