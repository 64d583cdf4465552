import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { supplierResource } from '../../domain/resources/supplier';
import { notYetAvailablePage } from '../../src/pages/NotYetAvailablePage';
import { defineView } from '../../src/resources/view';

/** The supplier area, spec 2 §2.1; the index and any unknown path go to setup. Later issues add search, details, create and edit. */
export const resource = defineView({
  decl: supplierResource,
  icon: StorefrontOutlinedIcon,
  home: 'setup',
  routes: [{ path: 'setup', action: 'show', page: notYetAvailablePage('Supplier Onboarding') }],
});
