import OutboxOutlinedIcon from '@mui/icons-material/OutboxOutlined';
import { mailOutboxResource } from '../../domain/resources/mailOutbox';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

/** The mail outbox: react-admin's list and show, nothing more. */
export const resource = defineView({
  decl: mailOutboxResource,
  icon: OutboxOutlinedIcon,
  list: lazyPage(() => import('./MailOutboxList').then((m) => m.MailOutboxList)),
  show: lazyPage(() => import('./MailOutboxShow').then((m) => m.MailOutboxShow)),
});
