import { lazyPage } from '../../src/lazyPage';
import { areaRoute } from '../../src/layout/areaRoute';

const MasterLoginsPage = lazyPage(() => import('./MasterLoginsPage').then((m) => m.MasterLoginsPage));

export const routes = areaRoute('/assign-user-login', 'assign-user-login', MasterLoginsPage);
