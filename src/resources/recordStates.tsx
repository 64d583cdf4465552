import { useContext, type ReactNode } from 'react';
import { Alert } from '@mui/material';
import { EditContext, ShowContext } from 'react-admin';
import { PageFrame, type BackLink } from '../layout/PageFrame';
import { NothingSelected } from '../ui/NothingSelected';

/** The page of a record, as its entity's screens name it. */
export interface RecordPage {
  title: string;
  back: BackLink;
  /** The record as the page's messages name it: 'customer'. */
  what: string;
}

/** The load error of the record in the page's ShowBase or EditBase (both fill the same context). */
function LoadError({ what }: { what: string }) {
  const show = useContext(ShowContext);
  const edit = useContext(EditContext);
  const notFound = ((show ?? edit)?.error as { status?: number } | null | undefined)?.status === 404;
  return <Alert severity="error">{notFound ? `This ${what} does not exist.` : `The ${what} could not be loaded.`}</Alert>;
}

/**
 * What a record's ShowBase or EditBase shows while the record loads and when it cannot be read
 * (its `loading`, `error` and `queryOptions` props): the page's frame with a spinner, or with the
 * reason. The page says why, so react-admin's own toast and redirect are left out.
 */
export function recordStates({ title, back, what }: RecordPage, meta?: Record<string, string>) {
  return {
    loading: <PageFrame title={title} back={back} loading />,
    error: (
      <PageFrame title={title} back={back}>
        <LoadError what={what} />
      </PageFrame>
    ),
    redirectOnError: false,
    // No meta unless the record is read by further ids, so the page shares the cache of every other read of it.
    queryOptions: { ...(meta && Object.keys(meta).length > 0 ? { meta } : {}), retry: false, onError: () => undefined },
  } as const;
}

/** A record's page opened without a record (an address typed by hand): where to find one. */
export function NoRecordPage({ title, back, what, search, searchTo, thenView }: RecordPage & { search: string; searchTo: string; thenView?: boolean }): ReactNode {
  return (
    <PageFrame title={title} back={back}>
      <NothingSelected what={what} search={search} searchTo={searchTo} thenView={thenView} />
    </PageFrame>
  );
}
