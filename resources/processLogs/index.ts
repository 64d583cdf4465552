import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { processLogsResource } from '../../domain/resources/processLogs';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

const ProcessLogsPage = lazyPage(() => import('./ProcessLogsPage').then((m) => m.ProcessLogsPage));
const ProcessLogShow = lazyPage(() => import('./ProcessLogShow').then((m) => m.ProcessLogShow));

/** Process logs, spec 3 §2.2: one page at /process-logs, no permission check; an entry's own page is ours. */
export const resource = defineView({
  decl: processLogsResource,
  icon: ReceiptLongOutlinedIcon,
  routes: [
    { path: '', action: 'show', page: ProcessLogsPage },
    { path: ':id/show', action: 'show', page: ProcessLogShow },
  ],
});
