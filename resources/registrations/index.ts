import AppRegistrationOutlinedIcon from '@mui/icons-material/AppRegistrationOutlined';
import { eRegistrationResource } from '../../domain/resources/eRegistration';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';
import type { RegistrationNavState } from './paths';

const pages = () => import('./pages');
const RegistrationDashboard = lazyPage(() => pages().then((m) => m.RegistrationDashboard));
const RegistrationSearch = lazyPage(() => pages().then((m) => m.RegistrationSearch));
const RegistrationShow = lazyPage(() => pages().then((m) => m.RegistrationShow));
// The approval form and its rules load only when a registration is reviewed.
const AddSupplierPage = lazyPage(() => import('./approval/AddSupplierPage').then((m) => m.AddSupplierPage));

/**
 * Electronic registrations of new suppliers, spec 2 §2.3 "E-registration area routes"; the index
 * and any unknown path go to the dashboard. The add form needs what its decisions need
 * (eRegistration edit), so an address typed by hand leads to access-denied. Details are also
 * react-admin's show (/e-registration/:id/show).
 */
export const resource = defineView({
  decl: eRegistrationResource,
  icon: AppRegistrationOutlinedIcon,
  home: 'dashboard',
  // The add form approves a registration into a new supplier: no edit or create of react-admin's own.
  show: RegistrationShow,
  recordId: { state: 'inviteId' satisfies keyof RegistrationNavState },
  routes: [
    { path: 'dashboard', action: 'show', page: RegistrationDashboard },
    { path: 'supplier-search', action: 'list', page: RegistrationSearch },
    { path: 'e-registration-details', action: 'show', page: RegistrationShow },
    { path: 'add-supplier', action: 'create', page: AddSupplierPage },
  ],
});
