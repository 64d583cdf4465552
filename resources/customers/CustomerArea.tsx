import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { NotYetAvailable, PageFrame } from '../../src/layout/PageFrame';
import { CustomerOnboarding } from './onboarding/CustomerOnboarding';
import { CustomerSearch } from './search/CustomerSearch';
import { CustomerDetailsPage } from './details/CustomerDetailsPage';

import { DETAILS, SEARCH, SETUP } from './paths';

/** The two country variants of spec 1 §1, by route parameter. */
const COUNTRIES: Record<string, string> = { uk: 'UK', gb: 'UK', ireland: 'Ireland', ie: 'Ireland' };

export function countryLabel(param: string | undefined): string | null {
  return (param && COUNTRIES[param.toLowerCase()]) || null;
}

function CreateCustomer() {
  const country = countryLabel(useParams().selectedCountry);
  if (!country) return <Navigate to={SEARCH} replace />;
  return (
    <PageFrame title={`Create Customer for ${country}`} back={{ label: 'Back to Customer Search', to: SEARCH }}>
      <NotYetAvailable />
    </PageFrame>
  );
}

function EditCustomer() {
  // The customer (and so its country) arrives in navigation state from Customer Details.
  const state = useLocation().state as { country?: string } | null;
  const country = countryLabel(state?.country);
  return (
    <PageFrame title={country ? `Edit Customer of ${country}` : 'Edit Customer'} back={{ label: 'Back to Customer Details', to: DETAILS }}>
      <NotYetAvailable />
    </PageFrame>
  );
}

function NetworkExport() {
  return (
    <PageFrame title="Network Export" back={{ label: 'Back to Customer Details', to: DETAILS }}>
      <NotYetAvailable />
    </PageFrame>
  );
}

function NetworkImport() {
  return (
    <PageFrame title="Network Import" back={{ label: 'Back to Customer Details', to: DETAILS }}>
      <NotYetAvailable />
    </PageFrame>
  );
}

/** Routes under /customer/. The index and any unknown path go to setup. */
export function CustomerArea() {
  return (
    <Routes>
      <Route path="setup" element={<CustomerOnboarding />} />
      <Route path="customer-search" element={<CustomerSearch />} />
      <Route path="customer-details" element={<CustomerDetailsPage />} />
      <Route path="create-customer/:selectedCountry" element={<CreateCustomer />} />
      <Route path="edit-customer" element={<EditCustomer />} />
      <Route path="customer-network-export" element={<NetworkExport />} />
      <Route path="customer-network-import" element={<NetworkImport />} />
      <Route path="*" element={<Navigate to={SETUP} replace />} />
    </Routes>
  );
}
