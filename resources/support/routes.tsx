import { lazyPage } from '../../src/lazyPage';
import { areaRoute } from '../../src/layout/areaRoute';

const SupportArea = lazyPage(() => import('./SupportArea').then((m) => m.SupportArea));

export const routes = areaRoute('/support/*', 'support', SupportArea);
