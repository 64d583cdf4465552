import { lazyPage } from '../../src/lazyPage';
import { areaRoute } from '../../src/layout/areaRoute';

const SaviArea = lazyPage(() => import('./SaviArea').then((m) => m.SaviArea));

export const routes = areaRoute('/savi/*', 'savi', SaviArea);
