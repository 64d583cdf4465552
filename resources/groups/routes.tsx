import { lazyPage } from '../../src/lazyPage';
import { areaRoute } from '../../src/layout/areaRoute';

const GroupArea = lazyPage(() => import('./GroupArea').then((m) => m.GroupArea));

export const routes = areaRoute('/group/*', 'group', GroupArea);
