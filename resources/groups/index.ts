import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import { groupResource } from '../../domain/resources/group';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';
import type { GroupNavState } from './paths';

const pages = () => import('./pages');
const GroupSearch = lazyPage(() => pages().then((m) => m.GroupSearch));
const GroupShow = lazyPage(() => pages().then((m) => m.GroupShow));
// The form and its rules load only when a form is opened.
const GroupCreate = lazyPage(() => import('./form/GroupFormPages').then((m) => m.GroupCreate));
const GroupEdit = lazyPage(() => import('./form/GroupFormPages').then((m) => m.GroupEdit));

/**
 * The supplier group area, spec 2 §2.2 "Group area routes": "the catch-all redirects to setup".
 * The area has no setup page of its own, so an unknown path goes to the setup page of the
 * supplier area it belongs to (Supplier Onboarding), or to group-search for those who may not
 * open that; the index, which the sidebar never links to, goes to group-search. The forms need
 * what their buttons need (group edit), so an address typed by hand leads to access-denied.
 * Details and the forms are also react-admin's show, edit and create (/group/:id/show, /group/:id,
 * /group/create).
 */
export const resource = defineView({
  decl: groupResource,
  icon: WorkspacesOutlinedIcon,
  home: 'group-search',
  setup: { resource: 'supplier', path: '/supplier/setup' },
  show: GroupShow,
  edit: GroupEdit,
  create: GroupCreate,
  recordId: { state: 'accountId' satisfies keyof GroupNavState },
  routes: [
    { path: 'group-search', action: 'list', page: GroupSearch },
    { path: 'group-details', action: 'show', page: GroupShow },
    { path: 'create-group/:selectedCountry', action: 'create', page: GroupCreate },
    { path: 'edit-group', action: 'edit', page: GroupEdit },
  ],
});
