import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { supplierResource } from '../../domain/resources/supplier';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';
import type { SupplierNavState } from './paths';

const pages = () => import('./pages');
const SupplierOnboarding = lazyPage(() => pages().then((m) => m.SupplierOnboarding));
const SupplierSearch = lazyPage(() => pages().then((m) => m.SupplierSearch));
const SupplierShow = lazyPage(() => pages().then((m) => m.SupplierShow));
// The form and its rules load only when a form is opened.
const SupplierCreate = lazyPage(() => import('./form/SupplierFormPages').then((m) => m.SupplierCreate));
const SupplierEdit = lazyPage(() => import('./form/SupplierFormPages').then((m) => m.SupplierEdit));
const NetworkTermsPage = lazyPage(() => import('./networkTerms/NetworkTermsPage').then((m) => m.NetworkTermsPage));

/**
 * The supplier area, spec 2 §2.1 "Supplier area routes"; the index and any unknown path go to
 * setup. The forms need what their buttons need (supplier edit), so an address typed by hand leads to
 * access-denied. Details and the forms are also react-admin's show, edit and create
 * (/supplier/:id/show?group=, /supplier/:id?group=, /supplier/create): a supplier is read by its
 * group's id as well.
 */
export const resource = defineView({
  decl: supplierResource,
  icon: StorefrontOutlinedIcon,
  home: 'setup',
  show: SupplierShow,
  edit: SupplierEdit,
  create: SupplierCreate,
  recordId: {
    state: 'serviceUnitId' satisfies keyof SupplierNavState,
    meta: { accountObjectId: { state: 'accountObjectId' satisfies keyof SupplierNavState, query: 'group' } },
  },
  routes: [
    { path: 'setup', action: 'show', page: SupplierOnboarding },
    { path: 'supplier-search', action: 'list', page: SupplierSearch },
    { path: 'supplier-details', action: 'show', page: SupplierShow },
    { path: 'create-supplier/:selectedCountry', action: 'create', page: SupplierCreate },
    { path: 'edit-supplier', action: 'edit', page: SupplierEdit },
    // Its own permission (EDIT_DI_NETWORK_TERMS) is checked by the page, which says why it refuses.
    { path: 'edit-di-network-terms', action: 'show', page: NetworkTermsPage },
  ],
});
