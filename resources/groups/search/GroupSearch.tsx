import { EDIT_GROUP_GUARD } from '../../../domain/groups';
import { groupResource } from '../../../domain/resources/group';
import { PageFrame } from '../../../src/layout/PageFrame';
import { useCan } from '../../../src/layout/useSession';
import { CardSearch } from '../../../src/search/CardSearch';
import { CreateInCountryButton } from '../../../src/ui/CreateInCountryButton';
import { createPath } from '../paths';
import { GroupCard } from './GroupCard';
import type { GroupHit } from './groupHit';

/** A hit's card: one function for every render, so a card is drawn again only for a new hit. */
const card = (hit: GroupHit, searchUrl: string) => <GroupCard hit={hit} searchUrl={searchUrl} />;

/** Group Search (spec 2 §2.2): text, result count, 25 per page without size changer, newest update first. */
export function GroupSearch() {
  return (
    <PageFrame title="Group Search" header={<AddGroupButton />}>
      <CardSearch<GroupHit> resource={groupResource.name} label="Groups" card={card} />
    </PageFrame>
  );
}

/** Add Group (spec 2 §2.2): asks the country, then opens its form; shown to users with the group-edit permission. */
function AddGroupButton() {
  const can = useCan();
  if (!can(EDIT_GROUP_GUARD.permission, EDIT_GROUP_GUARD.action)) return null;
  return <CreateInCountryButton label="Add Group" why={null} path={createPath} />;
}
