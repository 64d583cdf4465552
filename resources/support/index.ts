import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import { supportResource } from '../../domain/resources/support';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

const SupportDashboard = lazyPage(() => import('./SupportDashboard').then((m) => m.SupportDashboard));

/** Support tools, spec 3 §2.4; /support and any unknown path go to support-dashboard. Each tool checks its own permission. */
export const resource = defineView({
  decl: supportResource,
  icon: SupportAgentOutlinedIcon,
  home: 'support-dashboard',
  routes: [{ path: 'support-dashboard', action: 'show', page: SupportDashboard }],
});
