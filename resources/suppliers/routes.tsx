import { lazyPage } from '../../src/lazyPage';
import { areaRoute } from '../../src/layout/areaRoute';

const SupplierArea = lazyPage(() => import('./SupplierArea').then((m) => m.SupplierArea));

export const routes = areaRoute('/supplier/*', 'supplier', SupplierArea);
