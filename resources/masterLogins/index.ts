import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import { masterLoginsResource } from '../../domain/resources/masterLogins';
import { notYetAvailablePage } from '../../src/pages/NotYetAvailablePage';
import { defineView } from '../../src/resources/view';

/** Reassigning master logins, spec 3 §2.3: one page at /assign-user-login. */
export const resource = defineView({
  decl: masterLoginsResource,
  icon: ManageAccountsOutlinedIcon,
  routes: [{ path: '', action: 'show', page: notYetAvailablePage('Master Logins') }],
});
