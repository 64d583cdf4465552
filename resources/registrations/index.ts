import AppRegistrationOutlinedIcon from '@mui/icons-material/AppRegistrationOutlined';
import { eRegistrationResource } from '../../domain/resources/eRegistration';
import { notYetAvailablePage } from '../../src/pages/NotYetAvailablePage';
import { defineView } from '../../src/resources/view';

/** Electronic registrations of new suppliers, spec 2 §2.3; the index and any unknown path go to dashboard. */
export const resource = defineView({
  decl: eRegistrationResource,
  icon: AppRegistrationOutlinedIcon,
  home: 'dashboard',
  routes: [{ path: 'dashboard', action: 'show', page: notYetAvailablePage('e-Registration') }],
});
