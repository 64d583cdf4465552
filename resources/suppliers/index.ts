import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { supplierResource } from '../../domain/resources/supplier';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

const pages = () => import('./pages');
const SupplierOnboarding = lazyPage(() => pages().then((m) => m.SupplierOnboarding));
const SupplierSearch = lazyPage(() => pages().then((m) => m.SupplierSearch));
const SupplierDetailsPage = lazyPage(() => pages().then((m) => m.SupplierDetailsPage));
// The form and its rules load only when a form is opened.
const CreateSupplierPage = lazyPage(() => import('./form/SupplierFormPages').then((m) => m.CreateSupplierPage));
const EditSupplierPage = lazyPage(() => import('./form/SupplierFormPages').then((m) => m.EditSupplierPage));
const NetworkTermsPage = lazyPage(() => import('./networkTerms/NetworkTermsPage').then((m) => m.NetworkTermsPage));

/**
 * The supplier area, spec 2 §2.1 "Supplier area routes"; the index and any unknown path go to
 * setup. The forms need what their buttons need (supplier edit), so an address typed by hand leads to
 * access-denied.
 */
export const resource = defineView({
  decl: supplierResource,
  icon: StorefrontOutlinedIcon,
  home: 'setup',
  routes: [
    { path: 'setup', action: 'show', page: SupplierOnboarding },
    { path: 'supplier-search', action: 'list', page: SupplierSearch },
    { path: 'supplier-details', action: 'show', page: SupplierDetailsPage },
    { path: 'create-supplier/:selectedCountry', action: 'create', page: CreateSupplierPage },
    { path: 'edit-supplier', action: 'edit', page: EditSupplierPage },
    // Its own permission (EDIT_DI_NETWORK_TERMS) is checked by the page, which says why it refuses.
    { path: 'edit-di-network-terms', action: 'show', page: NetworkTermsPage },
  ],
});
