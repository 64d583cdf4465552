import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import { saviResource } from '../../domain/resources/savi';
import { notYetAvailablePage } from '../../src/pages/NotYetAvailablePage';
import { defineView } from '../../src/resources/view';

/** The finance export area, spec 3 §2.1; /savi and any unknown path go to savi-export. */
export const resource = defineView({
  decl: saviResource,
  icon: AccountBalanceOutlinedIcon,
  home: 'savi-export',
  routes: [{ path: 'savi-export', action: 'show', page: notYetAvailablePage('SAVi') }],
});
