import { menuView } from '../permissions';
import { defineResource } from './types';

/** Supplier groups, spec 2 §2.2. Their screens and record slugs come with the group area. */
export const groupResource = defineResource({
  name: 'group',
  label: 'Group',
  menu: { path: '/group/group-search', setup: true, guard: null },
  route: menuView('group'),
  search: {
    collection: 'groups',
    queryBy: ['name', 'address', 'groupId', 'visnAccountNumber'],
    defaultSort: 'name:asc',
    facets: ['status'],
    guards: [menuView('group'), menuView('customer'), menuView('masterLogins'), menuView('savi')],
  },
});
