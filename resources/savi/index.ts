import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import { saviResource } from '../../domain/resources/savi';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

const diNetworkPages = () => import('./DiNetworkPages');
const DiNetworkImport = lazyPage(() => diNetworkPages().then((m) => m.DiNetworkImportPage));
const DiNetworkExport = lazyPage(() => diNetworkPages().then((m) => m.DiNetworkExportPage));
const SaviPage = lazyPage(() => import('./SaviPage').then((m) => m.SaviPage));
const SaviExportsPage = lazyPage(() => import('./SaviExportsPage').then((m) => m.SaviExportsPage));
const PayBillPage = lazyPage(() => import('./PayBillPage').then((m) => m.PayBillPage));

/**
 * The finance export area, spec 3 §2.1; /savi and any unknown path go to savi-export. The DI
 * network pages need the network permission (the declaration's `network` action) and Pay Bill the
 * pay bill permission (`payBill`), so an address typed by hand without it leads to access-denied.
 */
export const resource = defineView({
  decl: saviResource,
  icon: AccountBalanceOutlinedIcon,
  home: 'savi-export',
  routes: [
    { path: 'savi-export', action: 'show', page: SaviPage },
    { path: 'savi-exports-List', action: 'show', page: SaviExportsPage },
    { path: 'pay-bill', action: 'payBill', page: PayBillPage },
    { path: 'di-network', action: 'network', page: DiNetworkImport },
    { path: 'di-network-export', action: 'network', page: DiNetworkExport },
  ],
});
