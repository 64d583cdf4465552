import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import { masterLoginsResource } from '../../domain/resources/masterLogins';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

const MasterLoginsPage = lazyPage(() => import('./MasterLoginsPage').then((m) => m.MasterLoginsPage));

/** Reassigning master logins, spec 3 §2.3: one page at /assign-user-login. */
export const resource = defineView({
  decl: masterLoginsResource,
  icon: ManageAccountsOutlinedIcon,
  routes: [{ path: '', action: 'show', page: MasterLoginsPage }],
});
