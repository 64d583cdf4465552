import { useCallback } from 'react';
import { Alert } from '@mui/material';
import { CreateBase, EditBase, useEditContext } from 'react-admin';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { countryOfLocale, parseCountry } from '../../../domain/country';
import type { GroupDetails } from '../../../domain/groups';
import { groupResource } from '../../../domain/resources/group';
import { PageFrame, type BackLink } from '../../../src/layout/PageFrame';
import { NothingSelected } from '../../../src/ui/NothingSelected';
import { detailsPath, SEARCH, type GroupNavState } from '../paths';
import { useGroupId } from '../useGroupId';
import { GroupEditor } from './GroupEditor';

/** Saves wait for the server (the record's version decides), and the editor says where to go next. */
const SAVE_OPTIONS = { resource: groupResource.name, mutationMode: 'pessimistic', redirect: false } as const;

/** After a save: the group's details page. */
function useShowSaved(searchUrl?: string) {
  const navigate = useNavigate();
  return useCallback((accountId: string) => navigate(detailsPath(accountId), { state: { accountId, searchUrl } satisfies GroupNavState }), [navigate, searchUrl]);
}

/** /group/create-group/:selectedCountry — back goes to group search. */
export function CreateGroupPage() {
  const country = parseCountry(useParams().selectedCountry);
  const after = useShowSaved();
  if (!country) return <Navigate to={SEARCH} replace />;
  return (
    <CreateBase key={country} {...SAVE_OPTIONS}>
      <GroupEditor country={country} details={null} back={{ label: 'Back to Group Search', to: SEARCH }} after={after} />
    </CreateBase>
  );
}

/** /group/edit-group — back goes to the group's details. */
export function EditGroupPage() {
  const { accountId, searchUrl } = useGroupId();
  const after = useShowSaved(searchUrl);
  if (!accountId) {
    return (
      <PageFrame title="Edit Group" back={{ label: 'Back to Group Search', to: SEARCH }}>
        <NothingSelected what="group" search="Group Search" searchTo={SEARCH} />
      </PageFrame>
    );
  }
  const state: GroupNavState = { accountId, searchUrl };
  return (
    <EditBase id={accountId} {...SAVE_OPTIONS} queryOptions={{ retry: false }}>
      <EditGroup back={{ label: 'Back to Group Details', to: detailsPath(accountId), state }} after={after} />
    </EditBase>
  );
}

function EditGroup({ back, after }: { back: BackLink; after(accountId: string): void }) {
  const { record, isPending, error } = useEditContext<GroupDetails>();
  if (error || !record) {
    return (
      <PageFrame title="Edit Group" back={back} loading={isPending && !error}>
        {error && <Alert severity="error">The group could not be loaded.</Alert>}
      </PageFrame>
    );
  }
  return <GroupEditor country={countryOfLocale(record.locale)} details={record} back={back} after={after} />;
}
