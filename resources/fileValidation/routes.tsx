import { lazyPage } from '../../src/lazyPage';
import { areaRoute } from '../../src/layout/areaRoute';

const FileValidationArea = lazyPage(() => import('./FileValidationArea').then((m) => m.FileValidationArea));

export const routes = areaRoute('/file-validation/*', 'file-validation', FileValidationArea);
