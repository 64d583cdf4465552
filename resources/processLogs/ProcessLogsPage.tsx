import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDataProvider, type GetListResult } from 'react-admin';
import { topics } from '../../domain/live';
import {
  ALL_TOGGLES_ON,
  formatLogDay,
  logDateOf,
  outcomesOn,
  PROCESS_LOG_LABELS,
  PROCESS_LOG_MESSAGES,
  PROCESS_LOGS_PAGE_SIZE,
  PROCESS_LOGS_TITLE,
  utcToday,
  type CompaniesCursor,
  type ExecutionsCursor,
  type InvoiceExportLog,
  type OutcomeCounts,
  type OutcomeToggles,
  type ProcessLogEntry,
  type ProcessLogView,
} from '../../domain/processLogs';
import { processLogsResource } from '../../domain/resources/processLogs';
import { PageFrame } from '../../src/layout/PageFrame';
import { useLiveTopic } from '../../src/ui/useLiveTopic';
import { Counters } from './Counters';
import { EntryCard } from './EntryCard';
import { Filters, type LogSearch } from './Filters';
import { InvoiceExports } from './InvoiceExports';
import { ALL_COMPANIES } from './LeaseCompanyField';

interface LogPage extends GetListResult<ProcessLogEntry> {
  meta: { next: ExecutionsCursor | null; invoiceNext: CompaniesCursor | null; counts: OutcomeCounts; invoiceExportLogs: InvoiceExportLog[] };
}
/** Where the next page starts: of the entries (Show all) or of the companies (Daily Invoice exports). */
type PageParam = { after: ExecutionsCursor } | { invoiceAfter: CompaniesCursor } | null;

/**
 * Process logs (spec 3 §2.2): one UTC day's entries of every lease company or one, newest first,
 * 100 at a time (Load More), with the day's counters as toggles, or the Daily Invoice exports
 * view, 100 lease companies at a time. Re-read whenever a nightly job's entry changes (the processLogs live topic).
 */
export function ProcessLogsPage() {
  const dataProvider = useDataProvider();
  const [search, setSearch] = useState<LogSearch>(() => ({ date: utcToday(new Date()), company: ALL_COMPANIES }));
  const [view, setView] = useState<ProcessLogView>('all');
  const [toggles, setToggles] = useState<OutcomeToggles>(ALL_TOGGLES_ON);
  const outcomes = outcomesOn(toggles);
  const logs = useInfiniteQuery({
    queryKey: ['processLogs', search.date, search.company.id, view, outcomes.join(',')],
    initialPageParam: null as PageParam,
    queryFn: ({ pageParam, signal }) =>
      dataProvider.getList<ProcessLogEntry>(processLogsResource.name, {
        filter: { date: logDateOf(search.date), leaseCompanyId: search.company.id || null, outcomes, view, ...pageParam },
        pagination: { page: 1, perPage: PROCESS_LOGS_PAGE_SIZE },
        sort: { field: 'executedAt', order: 'DESC' },
        signal,
      }) as Promise<LogPage>,
    getNextPageParam: (last): PageParam | undefined =>
      view === 'all' ? (last.meta.next ? { after: last.meta.next } : undefined) : last.meta.invoiceNext ? { invoiceAfter: last.meta.invoiceNext } : undefined,
    retry: false,
  });
  useLiveRefetch(logs.isFetching, () => void logs.refetch());

  const first = logs.data?.pages[0];
  const entries = logs.data?.pages.flatMap((p) => p.data) ?? [];
  const invoiceLogs = logs.data?.pages.flatMap((p) => p.meta.invoiceExportLogs) ?? [];
  const more = logs.hasNextPage && (
    <Button variant="outlined" onClick={() => void logs.fetchNextPage()} disabled={logs.isFetchingNextPage}>
      {PROCESS_LOG_LABELS.loadMore}
    </Button>
  );
  const company = search.company.id ? ` – ${search.company.name}` : '';
  return (
    <PageFrame title={PROCESS_LOGS_TITLE}>
      <Filters initial={search} view={view} onView={setView} onShow={(s) => setSearch(s)} />
      <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {`${view === 'all' ? 'Process logs' : 'Daily invoice exports'} of ${formatLogDay(search.date)}${company}`}
      </Typography>
      {view === 'all' && <Counters counts={first?.meta.counts ?? null} toggles={toggles} onToggle={setToggles} />}
      {logs.isPending ? (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the process logs" />
        </Box>
      ) : logs.isError && !first ? (
        <Alert severity="error">{PROCESS_LOG_MESSAGES.loadFailed}</Alert>
      ) : view === 'invoiceExports' ? (
        invoiceLogs.length > 0 ? (
          <>
            <InvoiceExports logs={invoiceLogs} />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
              <Typography variant="body2" color="text.secondary" role="status">
                {`${invoiceLogs.length} lease compan${invoiceLogs.length === 1 ? 'y' : 'ies'} shown`}
              </Typography>
              {more}
            </Box>
          </>
        ) : (
          <NoResults />
        )
      ) : entries.length === 0 ? (
        <NoResults />
      ) : (
        <>
          <Stack spacing={1.5} aria-label="Log entries" component="section">
            {entries.map((e) => (
              <EntryCard key={e.id} entry={e} />
            ))}
          </Stack>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
            <Typography variant="body2" color="text.secondary" role="status">
              {`${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} shown`}
            </Typography>
            {more}
          </Box>
        </>
      )}
    </PageFrame>
  );
}

function NoResults() {
  return (
    <Typography role="status" sx={{ py: 3 }}>
      {PROCESS_LOG_MESSAGES.noResults}
    </Typography>
  );
}

/**
 * Re-reads on each change of the processLogs topic. A running job announces every batch, so a
 * message that arrives while a read is under way asks for one more read once it is done, rather
 * than cancelling it (a busy night could otherwise keep cancelling every read).
 */
function useLiveRefetch(fetching: boolean, refetch: () => void) {
  const owed = useRef(false);
  const latest = useRef({ fetching, refetch });
  latest.current = { fetching, refetch };
  useLiveTopic(topics.processLogs(), () => {
    if (latest.current.fetching) owed.current = true;
    else latest.current.refetch();
  });
  useEffect(() => {
    if (!fetching && owed.current) {
      owed.current = false;
      refetch();
    }
  }, [fetching, refetch]);
}
