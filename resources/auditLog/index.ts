import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { auditLogResource } from '../../domain/resources/auditLog';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

/** The audit log: react-admin's list and show, nothing more. */
export const resource = defineView({
  decl: auditLogResource,
  icon: HistoryOutlinedIcon,
  list: lazyPage(() => import('./AuditLogList').then((m) => m.AuditLogList)),
  show: lazyPage(() => import('./AuditLogShow').then((m) => m.AuditLogShow)),
});
