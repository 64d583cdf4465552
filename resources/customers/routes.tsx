import { lazyPage } from '../../src/lazyPage';
import { areaRoute } from '../../src/layout/areaRoute';

const CustomerArea = lazyPage(() => import('./CustomerArea').then((m) => m.CustomerArea));

export const routes = areaRoute('/customer/*', 'customer', CustomerArea);
