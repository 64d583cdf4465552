import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { InfiniteListBase, useInfinitePaginationContext, useListContext } from 'react-admin';
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
  type OutcomeCounts,
  type OutcomeToggles,
  type ProcessLogEntry,
  type ProcessLogView,
} from '../../domain/processLogs';
import { processLogsResource, type InvoiceExportRecord } from '../../domain/resources/processLogs';
import { PageFrame } from '../../src/layout/PageFrame';
import { useLiveTopic } from '../../src/ui/useLiveTopic';
import { Counters } from './Counters';
import { EntryCard } from './EntryCard';
import { Filters, type LogSearch } from './Filters';
import { InvoiceExports } from './InvoiceExports';
import { ALL_COMPANIES } from './LeaseCompanyField';

/**
 * Process logs (spec 3 §2.2): one UTC day's entries of every lease company or one, newest first,
 * 100 at a time (Load More), with the day's counters as toggles, or the Daily Invoice exports
 * view, 100 lease companies at a time. Re-read whenever a nightly job's entry changes (the processLogs live topic).
 * The filters are the list's own (its filter prop): a new search is a new list from its first page.
 */
export function ProcessLogsPage() {
  const [search, setSearch] = useState<LogSearch>(() => ({ date: utcToday(new Date()), company: ALL_COMPANIES }));
  const [view, setView] = useState<ProcessLogView>('all');
  const [toggles, setToggles] = useState<OutcomeToggles>(ALL_TOGGLES_ON);
  const company = search.company.id ? ` – ${search.company.name}` : '';
  const filter = { date: logDateOf(search.date), leaseCompanyId: search.company.id || null, outcomes: outcomesOn(toggles), view };
  return (
    <PageFrame title={PROCESS_LOGS_TITLE}>
      <Filters initial={search} view={view} onView={setView} onShow={(s) => setSearch(s)} />
      <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {`${view === 'all' ? 'Process logs' : 'Daily invoice exports'} of ${formatLogDay(search.date)}${company}`}
      </Typography>
      {/* One list per search: react-admin would show the last search's records while the next
          loads, and the other view's records are not this view's. */}
      <InfiniteListBase
        key={JSON.stringify(filter)}
        resource={processLogsResource.name}
        filter={filter}
        perPage={PROCESS_LOGS_PAGE_SIZE}
        sort={{ field: 'executedAt', order: 'DESC' }}
        disableSyncWithLocation
        queryOptions={{ retry: false }}
      >
        <Logs view={view} toggles={toggles} onToggle={setToggles} />
      </InfiniteListBase>
    </PageFrame>
  );
}

function Logs({ view, toggles, onToggle }: { view: ProcessLogView; toggles: OutcomeToggles; onToggle(next: OutcomeToggles): void }) {
  const logs = useListContext<ProcessLogEntry | InvoiceExportRecord>();
  const more = useInfinitePaginationContext();
  useLiveRefetch(Boolean(logs.isFetching), () => void logs.refetch());
  const counts = (logs.meta as { counts?: OutcomeCounts } | undefined)?.counts ?? null;
  const rows = logs.data ?? [];
  const shown = (text: string) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
      <Typography variant="body2" color="text.secondary" role="status">
        {text}
      </Typography>
      {more.hasNextPage && (
        <Button variant="outlined" onClick={() => void more.fetchNextPage()} disabled={more.isFetchingNextPage}>
          {PROCESS_LOG_LABELS.loadMore}
        </Button>
      )}
    </Box>
  );
  return (
    <>
      {view === 'all' && <Counters counts={counts} toggles={toggles} onToggle={onToggle} />}
      {logs.isPending ? (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the process logs" />
        </Box>
      ) : logs.error && rows.length === 0 ? (
        <Alert severity="error">{PROCESS_LOG_MESSAGES.loadFailed}</Alert>
      ) : rows.length === 0 ? (
        <NoResults />
      ) : view === 'invoiceExports' ? (
        <>
          <InvoiceExports logs={rows as InvoiceExportRecord[]} />
          {shown(`${rows.length} lease compan${rows.length === 1 ? 'y' : 'ies'} shown`)}
        </>
      ) : (
        <>
          <Stack spacing={1.5} aria-label="Log entries" component="section">
            {(rows as ProcessLogEntry[]).map((e) => (
              <EntryCard key={e.id} entry={e} />
            ))}
          </Stack>
          {shown(`${rows.length} entr${rows.length === 1 ? 'y' : 'ies'} shown`)}
        </>
      )}
    </>
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
