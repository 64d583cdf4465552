import { useCallback } from 'react';
import { CreateBase, EditBase, useEditContext } from 'react-admin';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { countryOfLocale, parseCountry } from '../../../domain/country';
import type { GroupDetails } from '../../../domain/groups';
import { groupResource } from '../../../domain/resources/group';
import type { BackLink } from '../../../src/layout/PageFrame';
import { NoRecordPage, recordStates, type RecordPage } from '../../../src/resources/recordStates';
import { useRecordId } from '../../../src/resources/useRecordId';
import { detailsPath, SEARCH, type GroupNavState } from '../paths';
import { GroupEditor } from './GroupEditor';

/** Saves wait for the server (the record's version decides), and the editor says where to go next. */
const SAVE_OPTIONS = { resource: groupResource.name, mutationMode: 'pessimistic', redirect: false } as const;

/** After a save: the group's details page. */
function useShowSaved(searchUrl?: string) {
  const navigate = useNavigate();
  return useCallback((accountId: string) => navigate(detailsPath(accountId), { state: { accountId, searchUrl } satisfies GroupNavState }), [navigate, searchUrl]);
}

/**
 * Create Group, at the spec's /group/create-group/:selectedCountry and at react-admin's
 * /group/create?country=UK; without a country it goes to the group search. Back goes to group search.
 */
export function GroupCreate() {
  const [params] = useSearchParams();
  const country = parseCountry(useParams().selectedCountry ?? params.get('country'));
  const after = useShowSaved();
  if (!country) return <Navigate to={SEARCH} replace />;
  return (
    <CreateBase key={country} {...SAVE_OPTIONS}>
      <GroupEditor country={country} details={null} back={{ label: 'Back to Group Search', to: SEARCH }} after={after} />
    </CreateBase>
  );
}

/** Edit Group, at the spec's /group/edit-group and at react-admin's /group/:id. Back goes to the group's details. */
export function GroupEdit() {
  const { id, searchUrl } = useRecordId();
  const after = useShowSaved(searchUrl);
  if (!id) return <NoRecordPage title="Edit Group" back={{ label: 'Back to Group Search', to: SEARCH }} what="group" search="Group Search" searchTo={SEARCH} />;
  const state: GroupNavState = { accountId: id, searchUrl };
  const page: RecordPage = { title: 'Edit Group', back: { label: 'Back to Group Details', to: detailsPath(id), state }, what: 'group' };
  return (
    <EditBase id={id} {...SAVE_OPTIONS} {...recordStates(page)}>
      <EditGroup back={page.back} after={after} />
    </EditBase>
  );
}

function EditGroup({ back, after }: { back: BackLink; after(accountId: string): void }) {
  const { record } = useEditContext<GroupDetails>();
  if (!record) return null;
  return <GroupEditor country={countryOfLocale(record.locale)} details={record} back={back} after={after} />;
}
