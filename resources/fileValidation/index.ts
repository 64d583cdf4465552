import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import { fileValidationResource } from '../../domain/resources/fileValidation';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

const ReportsPage = lazyPage(() => import('./ReportsPage').then((m) => m.ReportsPage));
const ReportShow = lazyPage(() => import('./ReportShow').then((m) => m.ReportShow));

/** Bulk data file validation, spec 3 §2.5; the index and any unknown path go to reports; a report's page is ours. */
export const resource = defineView({
  decl: fileValidationResource,
  icon: FactCheckOutlinedIcon,
  home: 'reports',
  routes: [
    { path: 'reports', action: 'show', page: ReportsPage },
    { path: 'reports/:id', action: 'show', page: ReportShow },
  ],
});
