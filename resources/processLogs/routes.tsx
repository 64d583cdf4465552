import { lazyPage } from '../../src/lazyPage';
import { areaRoute } from '../../src/layout/areaRoute';

const ProcessLogsPage = lazyPage(() => import('./ProcessLogsPage').then((m) => m.ProcessLogsPage));

export const routes = areaRoute('/process-logs', 'process-logs', ProcessLogsPage);
