import BusinessCenterOutlinedIcon from '@mui/icons-material/BusinessCenterOutlined';
import { customerResource } from '../../domain/resources/customer';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';
import type { CustomerNavState } from './paths';

const pages = () => import('./pages');
const CustomerOnboarding = lazyPage(() => pages().then((m) => m.CustomerOnboarding));
const CustomerSearch = lazyPage(() => pages().then((m) => m.CustomerSearch));
const CustomerShow = lazyPage(() => pages().then((m) => m.CustomerShow));
// The form and its schema load only when a form is opened.
const CustomerCreate = lazyPage(() => import('./form/CustomerFormPages').then((m) => m.CustomerCreate));
const CustomerEdit = lazyPage(() => import('./form/CustomerFormPages').then((m) => m.CustomerEdit));
const NetworkExport = lazyPage(() => import('./network/CustomerNetworkPages').then((m) => m.CustomerNetworkExportPage));
const NetworkImport = lazyPage(() => import('./network/CustomerNetworkPages').then((m) => m.CustomerNetworkImportPage));

/**
 * The customer (lease company) area, spec 1 §2 "Customer area routes"; the index and any unknown
 * path go to setup. The forms need what their buttons need, so an address typed by hand leads to
 * access-denied, not to a form whose save would be refused. Details and the forms are also
 * react-admin's show, edit and create (/customer/:id/show, /customer/:id, /customer/create).
 */
export const resource = defineView({
  decl: customerResource,
  icon: BusinessCenterOutlinedIcon,
  home: 'setup',
  show: CustomerShow,
  edit: CustomerEdit,
  create: CustomerCreate,
  recordId: { state: 'leaseCompanyId' satisfies keyof CustomerNavState },
  routes: [
    { path: 'setup', action: 'show', page: CustomerOnboarding },
    { path: 'customer-search', action: 'list', page: CustomerSearch },
    { path: 'customer-details', action: 'show', page: CustomerShow },
    { path: 'create-customer/:selectedCountry', action: 'create', page: CustomerCreate },
    { path: 'edit-customer', action: 'edit', page: CustomerEdit },
    { path: 'customer-network-export', action: 'show', page: NetworkExport },
    { path: 'customer-network-import', action: 'show', page: NetworkImport },
  ],
});
