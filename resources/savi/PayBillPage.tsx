import { useState, type FormEvent } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  Alert,
} from '@mui/material';
import { ScrollRegion } from '../../src/ui/ScrollRegion';
import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { InfiniteListBase, useDataProvider, useInfinitePaginationContext, useListContext, useNotify, type GetInfiniteListResult } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { isHttpError, failureText } from '../../api/client';
import { counted } from '../../domain/plural';
import { PAY_BILL_LABELS, PAY_BILL_MESSAGES, PAY_BILL_PAGE_SIZE, type PaybillRecord } from '../../domain/savi';
import { paybillResource, type PaybillListRecord } from '../../domain/resources/paybill';
import { PageFrame } from '../../src/layout/PageFrame';
import { browserToday, DayField } from '../../src/ui/DayField';
import { SAVI_BACK } from './back';
import { Lines, PAY_BILL_COLUMNS, STICKY_ACTION } from './PayBillColumns';
import { PayBillRow } from './PayBillRow';

const TITLE = 'Pay Bill';

interface Search {
  date: string;
  leaseCompanyId: string | null;
  quickbooks: boolean;
}

/**
 * Pay Bill (spec 3 §2.1): one day's pay bill records for all pay bill customers or one, sent to
 * the accounting service or not; 25 at a time, Load More continuing from the last record (the
 * server's cursor). Export sends an invoice to the accounting service and marks its row.
 */
export function PayBillPage() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [customer, setCustomer] = useState<{ label: string; value: string } | null>(null);
  const [quickbooks, setQuickbooks] = useState(false);
  const [search, setSearch] = useState<Search | null>(null);
  const customers = useQuery({ queryKey: ['paybillCustomers'], queryFn: ({ signal }) => dataProvider.paybillCustomers(signal), staleTime: 60_000, retry: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !date ? PAY_BILL_MESSAGES.dateRequired : date > browserToday() ? PAY_BILL_MESSAGES.futureDate : null;
    setDateError(problem);
    if (problem) return;
    setSearch({ date, leaseCompanyId: customer?.value ?? null, quickbooks });
  };

  return (
    <PageFrame title={TITLE} back={SAVI_BACK}>
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} aria-label="Pay bill search" sx={{ p: 2.5, mb: 3, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <DayField
          label={PAY_BILL_LABELS.date}
          value={date}
          max={browserToday()}
          error={dateError}
          onChange={(day) => {
            setDate(day);
            setDateError(null);
          }}
          sx={{ width: 200 }}
        />
        <Autocomplete
          options={customers.data ?? []}
          value={customer}
          onChange={(_e, v) => setCustomer(v)}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          getOptionKey={(o) => o.value}
          loading={customers.isPending}
          sx={{ width: 340 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={PAY_BILL_LABELS.customer}
              placeholder={PAY_BILL_LABELS.allCustomers}
              error={Boolean(customers.error)}
              helperText={customers.error ? PAY_BILL_MESSAGES.customersFailed : ' '}
              // On top of the Autocomplete's own slots (its input's ref and handlers): replacing them
              // left a field that neither opened its list nor took typed text.
              slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
            />
          )}
        />
        <FormControlLabel control={<Switch checked={quickbooks} onChange={(e) => setQuickbooks(e.target.checked)} />} label={PAY_BILL_LABELS.quickbooks} sx={{ mt: 1 }} />
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          {PAY_BILL_LABELS.search}
        </Button>
      </Paper>
      {search && (
        // One list per search: react-admin would show the last search's records while the next loads.
        <InfiniteListBase key={JSON.stringify(search)} resource={paybillResource.name} filter={search} perPage={PAY_BILL_PAGE_SIZE} disableSyncWithLocation queryOptions={{ retry: false }}>
          <Results />
        </InfiniteListBase>
      )}
    </PageFrame>
  );
}

/** The search's records as react-admin's infinite list holds them, with Load More. */
function Results() {
  const { data, isPending: pending, error } = useListContext<PaybillListRecord>();
  const { hasNextPage: hasMore, isFetchingNextPage: loadingMore, fetchNextPage } = useInfinitePaginationContext();
  const onChanged = useReplaceRecord();
  const rows = data ?? [];
  const notify = useNotify();
  if (pending)
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading pay bill records" />
      </Box>
    );
  if (error && rows.length === 0) return <Alert severity="error">{PAY_BILL_MESSAGES.searchFailed}</Alert>;
  if (rows.length === 0) return <Typography sx={{ py: 3 }}>{PAY_BILL_MESSAGES.noResults}</Typography>;
  const failed = (err: unknown, record: PaybillRecord) => {
    const current = isHttpError(err) ? (err.body?.current as PaybillRecord | undefined) : undefined;
    if (current?.docId === record.docId) onChanged(current);
    notify(failureText(err, PAY_BILL_MESSAGES.exportFailed), { type: 'error', title: TITLE });
  };
  return (
    <>
      <Paper variant="outlined">
        <ScrollRegion label="Pay bill records">
          <Table size="small" aria-label="Pay bill records" sx={{ '& td, & th': { px: 1, verticalAlign: 'top' } }}>
            <TableHead>
              <TableRow>
                {PAY_BILL_COLUMNS.map((labels) => (
                  <TableCell key={labels[0]} align={labels[0] === 'Nett' || labels[0] === 'Credit Value' ? 'right' : undefined}>
                    <Lines wrap values={labels} />
                  </TableCell>
                ))}
                <TableCell sx={STICKY_ACTION}>Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <PayBillRow key={r.docId} record={r} onExported={onChanged} onFailed={(err) => failed(err, r)} />
              ))}
            </TableBody>
          </Table>
      </ScrollRegion>
      </Paper>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
        <Typography variant="body2" color="text.secondary" role="status">
          {`${counted(rows.length, 'record')} shown`}
        </Typography>
        {hasMore && (
          <Button onClick={() => void fetchNextPage()} disabled={loadingMore} variant="outlined" startIcon={loadingMore ? <CircularProgress size={14} aria-hidden="true" /> : undefined}>
            {PAY_BILL_LABELS.loadMore}
          </Button>
        )}
        {error && rows.length > 0 && <Alert severity="error">{PAY_BILL_MESSAGES.searchFailed}</Alert>}
      </Box>
    </>
  );
}

/**
 * Puts the row as the server now has it (exported, or the current state of a refused one) into
 * the loaded pages, without reading them again.
 */
function useReplaceRecord() {
  const queryClient = useQueryClient();
  return (record: PaybillRecord) =>
    queryClient.setQueriesData<InfiniteData<GetInfiniteListResult<PaybillListRecord>>>({ queryKey: [paybillResource.name, 'getInfiniteList'] }, (cached) =>
      cached && { ...cached, pages: cached.pages.map((p) => ({ ...p, data: p.data.map((r) => (r.docId === record.docId ? { ...record, id: record.docId } : r)) })) },
    );
}
