import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyPage } from '../../src/lazyPage';
import { PermissionGuard } from '../../src/layout/MenuGuard';
import { CREATE_CUSTOMER_GUARDS, EDIT_CUSTOMER_GUARD } from '../../domain/customers/access';
import { CustomerOnboarding } from './onboarding/CustomerOnboarding';
import { CustomerSearch } from './search/CustomerSearch';
import { CustomerDetailsPage } from './details/CustomerDetailsPage';
import { SETUP } from './paths';

// The form and its schema load only when a form is opened.
const CreateCustomerPage = lazyPage(() => import('./form/CustomerFormPages').then((m) => m.CreateCustomerPage));
const EditCustomerPage = lazyPage(() => import('./form/CustomerFormPages').then((m) => m.EditCustomerPage));
const NetworkExport = lazyPage(() => import('../network/CustomerNetworkPages').then((m) => m.CustomerNetworkExportPage));
const NetworkImport = lazyPage(() => import('../network/CustomerNetworkPages').then((m) => m.CustomerNetworkImportPage));

const EDIT_GUARDS = [EDIT_CUSTOMER_GUARD];

/**
 * Routes under /customer/. The index and any unknown path go to setup. The forms are guarded like
 * the buttons that open them, so an address typed by hand leads to access-denied, not to a form
 * whose save would be refused.
 */
export function CustomerArea() {
  return (
    <Routes>
      <Route path="setup" element={<CustomerOnboarding />} />
      <Route path="customer-search" element={<CustomerSearch />} />
      <Route path="customer-details" element={<CustomerDetailsPage />} />
      <Route path="create-customer/:selectedCountry" element={<PermissionGuard guards={CREATE_CUSTOMER_GUARDS}><CreateCustomerPage /></PermissionGuard>} />
      <Route path="edit-customer" element={<PermissionGuard guards={EDIT_GUARDS}><EditCustomerPage /></PermissionGuard>} />
      <Route path="customer-network-export" element={<NetworkExport />} />
      <Route path="customer-network-import" element={<NetworkImport />} />
      <Route path="*" element={<Navigate to={SETUP} replace />} />
    </Routes>
  );
}
