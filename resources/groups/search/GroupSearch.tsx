import { CanAccess } from 'react-admin';
import { groupResource } from '../../../domain/resources/group';
import { PageFrame } from '../../../src/layout/PageFrame';
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
  return (
    <CanAccess resource={groupResource.name} action="create">
      <CreateInCountryButton label="Add Group" allowed why="" path={createPath} />
    </CanAccess>
  );
}
