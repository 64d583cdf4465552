import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import { groupResource } from '../../domain/resources/group';
import { notYetAvailablePage } from '../../src/pages/NotYetAvailablePage';
import { defineView } from '../../src/resources/view';

/** The supplier group area, spec 2 §2.2; the index and any unknown path go to group-search. */
export const resource = defineView({
  decl: groupResource,
  icon: WorkspacesOutlinedIcon,
  home: 'group-search',
  routes: [{ path: 'group-search', action: 'show', page: notYetAvailablePage('Group Search') }],
});
