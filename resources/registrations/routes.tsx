import { lazyPage } from '../../src/lazyPage';
import { areaRoute } from '../../src/layout/areaRoute';

const RegistrationArea = lazyPage(() => import('./RegistrationArea').then((m) => m.RegistrationArea));

export const routes = areaRoute('/e-registration/*', 'e-registration', RegistrationArea);
