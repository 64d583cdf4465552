import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyPage } from '../../src/lazyPage';
import { CustomerOnboarding } from './onboarding/CustomerOnboarding';
import { CustomerSearch } from './search/CustomerSearch';
import { CustomerDetailsPage } from './details/CustomerDetailsPage';
import { SETUP } from './paths';

// The form and its schema load only when a form is opened.
const CreateCustomerPage = lazyPage(() => import('./form/CustomerFormPages').then((m) => m.CreateCustomerPage));
const EditCustomerPage = lazyPage(() => import('./form/CustomerFormPages').then((m) => m.EditCustomerPage));
const NetworkExport = lazyPage(() => import('../network/CustomerNetworkPages').then((m) => m.CustomerNetworkExportPage));
const NetworkImport = lazyPage(() => import('../network/CustomerNetworkPages').then((m) => m.CustomerNetworkImportPage));

/** Routes under /customer/. The index and any unknown path go to setup. */
export function CustomerArea() {
  return (
    <Routes>
      <Route path="setup" element={<CustomerOnboarding />} />
      <Route path="customer-search" element={<CustomerSearch />} />
      <Route path="customer-details" element={<CustomerDetailsPage />} />
      <Route path="create-customer/:selectedCountry" element={<CreateCustomerPage />} />
      <Route path="edit-customer" element={<EditCustomerPage />} />
      <Route path="customer-network-export" element={<NetworkExport />} />
      <Route path="customer-network-import" element={<NetworkImport />} />
      <Route path="*" element={<Navigate to={SETUP} replace />} />
    </Routes>
  );
}
