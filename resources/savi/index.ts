import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import { saviResource } from '../../domain/resources/savi';
import { lazyPage } from '../../src/lazyPage';
import { notYetAvailablePage } from '../../src/pages/NotYetAvailablePage';
import { defineView } from '../../src/resources/view';

const diNetworkPages = () => import('./DiNetworkPages');
const DiNetworkImport = lazyPage(() => diNetworkPages().then((m) => m.DiNetworkImportPage));
const DiNetworkExport = lazyPage(() => diNetworkPages().then((m) => m.DiNetworkExportPage));

/**
 * The finance export area, spec 3 §2.1; /savi and any unknown path go to savi-export. The DI
 * network pages need the network permission (the declaration's `network` action), so an address
 * typed by hand without it leads to access-denied.
 */
export const resource = defineView({
  decl: saviResource,
  icon: AccountBalanceOutlinedIcon,
  home: 'savi-export',
  routes: [
    { path: 'savi-export', action: 'show', page: notYetAvailablePage('SAVi') },
    { path: 'di-network', action: 'network', page: DiNetworkImport },
    { path: 'di-network-export', action: 'network', page: DiNetworkExport },
  ],
});
