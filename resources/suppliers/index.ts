import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { supplierResource } from '../../domain/resources/supplier';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

const pages = () => import('./pages');
const SupplierOnboarding = lazyPage(() => pages().then((m) => m.SupplierOnboarding));
const SupplierSearch = lazyPage(() => pages().then((m) => m.SupplierSearch));
const SupplierDetailsPage = lazyPage(() => pages().then((m) => m.SupplierDetailsPage));

/**
 * The supplier area, spec 2 §2.1 "Supplier area routes"; the index and any unknown path go to
 * setup. Create, edit and the DI network terms page join as they are built.
 */
export const resource = defineView({
  decl: supplierResource,
  icon: StorefrontOutlinedIcon,
  home: 'setup',
  routes: [
    { path: 'setup', action: 'show', page: SupplierOnboarding },
    { path: 'supplier-search', action: 'list', page: SupplierSearch },
    { path: 'supplier-details', action: 'show', page: SupplierDetailsPage },
  ],
});
