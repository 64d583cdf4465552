import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { processLogsResource } from '../../domain/resources/processLogs';
import { notYetAvailablePage } from '../../src/pages/NotYetAvailablePage';
import { defineView } from '../../src/resources/view';

/** Process logs, spec 3 §2.2: one page at /process-logs, no permission check. */
export const resource = defineView({
  decl: processLogsResource,
  icon: ReceiptLongOutlinedIcon,
  routes: [{ path: '', action: 'show', page: notYetAvailablePage('Process Logs') }],
});
