import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import { supportResource } from '../../domain/resources/support';
import { notYetAvailablePage } from '../../src/pages/NotYetAvailablePage';
import { defineView } from '../../src/resources/view';

/** Support tools, spec 3 §2.4; /support and any unknown path go to support-dashboard. Each tool checks its own permission. */
export const resource = defineView({
  decl: supportResource,
  icon: SupportAgentOutlinedIcon,
  home: 'support-dashboard',
  routes: [{ path: 'support-dashboard', action: 'show', page: notYetAvailablePage('Support') }],
});
