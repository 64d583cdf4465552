import type { ReactElement, ReactNode } from 'react';
import { List, Pagination, Show, ShowButton, useRecordContext, useResourceDefinition, type RaRecord, type ShowProps, type SortPayload } from 'react-admin';
import { PageFrame } from '../layout/PageFrame';
import { DayFilterInput } from '../ui/inputs';
import { ScrollRegion } from '../ui/ScrollRegion';

/**
 * The frame of a plain entity's screens: react-admin's <List> and <Show> inside the shell's page
 * frame (its h1 and back link; react-admin's own title needs an app bar the console does not have).
 * Lists page, sort and filter on the server, 25 rows a page.
 */

export const PLAIN_PAGE_SIZE = 25;

/**
 * `before`: a block shown above the list (the background jobs' scheduled jobs). The list keeps to
 * the page's width (react-admin's would grow to its table's): a table wider than the page scrolls
 * inside a region named after the list, and the filters wrap.
 */
export function PlainList({ filters, sort, header, before, children }: { filters: ReactElement[]; sort: SortPayload; header?: ReactNode; before?: ReactNode; children: ReactNode }) {
  const { options } = useResourceDefinition();
  return (
    <PageFrame title={options?.label ?? ''} header={header}>
      {before}
      <List
        title={false}
        filters={filters}
        sort={sort}
        perPage={PLAIN_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
        exporter={false}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <ScrollRegion label={options?.label ?? ''}>{children}</ScrollRegion>
      </List>
    </PageFrame>
  );
}

export function PlainShow({ title, actions, queryOptions, children }: { title: string; actions?: ReactElement | false; queryOptions?: ShowProps['queryOptions']; children: ReactNode }) {
  const { name, options } = useResourceDefinition();
  return (
    <PageFrame title={title} back={{ label: `Back to ${options?.label ?? name}`, to: `/${name}` }}>
      <Show title={false} actions={actions ?? false} queryOptions={queryOptions}>
        {children}
      </Show>
    </PageFrame>
  );
}

/** From and To inputs over a day range filter (`{source}_gte`, `{source}_lte`), always shown. */
export function dayRangeFilters(source: string): ReactElement[] {
  return [<DayFilterInput key={`${source}_gte`} source={`${source}_gte`} label="From" alwaysOn />, <DayFilterInput key={`${source}_lte`} source={`${source}_lte`} label="To" alwaysOn />];
}

/**
 * A row's Show link, named for its row ('Show the mail to …'): every row has one, and a
 * screen-reader user moving from link to link must know which record each opens. The visible
 * text stays 'Show', at the start of the name (WCAG 2.5.3).
 */
export function RowShowButton<R extends RaRecord>({ describe }: { describe(record: R): string }) {
  const record = useRecordContext<R>();
  return <ShowButton aria-label={record ? `Show ${describe(record)}` : undefined} />;
}

/** A row's time, as its Show link names it. */
export const rowTime = (iso: string): string => new Date(iso).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'medium' });
