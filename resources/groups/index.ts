import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import { groupResource } from '../../domain/resources/group';
import { lazyPage } from '../../src/lazyPage';
import { defineView } from '../../src/resources/view';

const pages = () => import('./pages');
const GroupSearch = lazyPage(() => pages().then((m) => m.GroupSearch));
const GroupDetailsPage = lazyPage(() => pages().then((m) => m.GroupDetailsPage));
// The form and its rules load only when a form is opened.
const CreateGroupPage = lazyPage(() => import('./form/GroupFormPages').then((m) => m.CreateGroupPage));
const EditGroupPage = lazyPage(() => import('./form/GroupFormPages').then((m) => m.EditGroupPage));

/**
 * The supplier group area, spec 2 §2.2 "Group area routes": "the catch-all redirects to setup".
 * The area has no setup page of its own, so an unknown path goes to the setup page of the
 * supplier area it belongs to (Supplier Onboarding), or to group-search for those who may not
 * open that; the index, which the sidebar never links to, goes to group-search. The forms need
 * what their buttons need (group edit), so an address typed by hand leads to access-denied.
 */
export const resource = defineView({
  decl: groupResource,
  icon: WorkspacesOutlinedIcon,
  home: 'group-search',
  setup: { resource: 'supplier', path: '/supplier/setup' },
  routes: [
    { path: 'group-search', action: 'list', page: GroupSearch },
    { path: 'group-details', action: 'show', page: GroupDetailsPage },
    { path: 'create-group/:selectedCountry', action: 'create', page: CreateGroupPage },
    { path: 'edit-group', action: 'edit', page: EditGroupPage },
  ],
});
