import WorkHistoryOutlinedIcon from '@mui/icons-material/WorkHistoryOutlined';
import { backgroundJobsResource } from '../../domain/resources/backgroundJobs';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

/** Background jobs: react-admin's list and show, and Retry on a failed job. */
export const resource = defineView({
  decl: backgroundJobsResource,
  icon: WorkHistoryOutlinedIcon,
  list: lazyPage(() => import('./BackgroundJobsList').then((m) => m.BackgroundJobsList)),
  show: lazyPage(() => import('./BackgroundJobShow').then((m) => m.BackgroundJobShow)),
});
