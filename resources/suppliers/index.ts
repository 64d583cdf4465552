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

/**
 * The supplier area, spec 2 §2.1 "Supplier area routes"; the index and any unknown path go to
 * setup. The forms need what their buttons need (supplier edit), so an address typed by hand leads to
 * access-denied. The DI network terms page joins with its issue.
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
  ],
});
