import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { processLogsResource } from '../../domain/resources/processLogs';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

const ProcessLogsPage = lazyPage(() => import('./ProcessLogsPage').then((m) => m.ProcessLogsPage));

/** Process logs, spec 3 §2.2: one page at /process-logs, no permission check. */
export const resource = defineView({
  decl: processLogsResource,
  icon: ReceiptLongOutlinedIcon,
  routes: [{ path: '', action: 'show', page: ProcessLogsPage }],
});
