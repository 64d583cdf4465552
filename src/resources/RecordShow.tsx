import type { ComponentType } from 'react';
import { ShowBase, useResourceContext, useShowContext } from 'react-admin';
import { resourceNamed } from '../../domain/resources';
import { useLiveTopic } from '../ui/useLiveTopic';
import { NoRecordPage, recordStates, type RecordPage } from './recordStates';
import { useRecordId } from './useRecordId';

/** What a details page shows once its record is in the show context. */
export type RecordView = ComponentType<{ page: RecordPage; searchUrl: string | undefined }>;

export interface RecordShowProps {
  title: string;
  /** The record as the page's messages name it: 'customer'. */
  what: string;
  /** The search the back link returns to ('Back to Customer Search') and where a record is found. */
  search: string;
  searchTo: string;
  view: RecordView;
}

/**
 * A details page, at the spec's address and at react-admin's /{name}/:id/show alike: its record
 * (useRecordId) read in react-admin's ShowBase, with the page's loading and error states, or,
 * opened without a record, where to find one.
 */
export function RecordShow({ title, what, search, searchTo, view: View }: RecordShowProps) {
  const { id, meta, searchUrl } = useRecordId();
  const page: RecordPage = { title, back: { label: `Back to ${search}`, to: searchUrl ?? searchTo }, what };
  if (!id) return <NoRecordPage {...page} search={search} searchTo={searchTo} thenView />;
  return (
    <ShowBase id={id} {...recordStates(page, meta)}>
      <FollowLive />
      <View page={page} searchUrl={searchUrl} />
    </ShowBase>
  );
}

/** Someone else's change to the record shows at once, where its entity declares a live topic. */
function FollowLive() {
  const { record, refetch } = useShowContext();
  const live = resourceNamed(useResourceContext() ?? '')?.live;
  useLiveTopic(live && record ? live(String(record.id)) : null, () => void refetch());
  return null;
}
