import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import { adminsResource } from '../../domain/resources/admins';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

/**
 * The console's admins, SUPER_ADMIN only: react-admin's list and show. In a file of their own, as
 * every area's screens are: this file is read with the sign-in page, and react-admin's list
 * widgets imported here put some 20 kB of compressed code into what the sign-in page downloads.
 */
const screens = () => import('./AdminScreens');
export const resource = defineView({
  decl: adminsResource,
  icon: ManageAccountsOutlinedIcon,
  list: lazyPage(() => screens().then((m) => m.AdminsList)),
  show: lazyPage(() => screens().then((m) => m.AdminShow)),
});
