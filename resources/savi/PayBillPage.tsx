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
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { isHttpError, failureText } from '../../api/client';
import { counted } from '../../domain/plural';
import {
  PAY_BILL_LABELS,
  PAY_BILL_MESSAGES,
  PAY_BILL_PAGE_SIZE,
  type PaybillCursor,
  type PaybillRecord,
  type PayBillSearchResponse,
} from '../../domain/savi';
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
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [customer, setCustomer] = useState<{ label: string; value: string } | null>(null);
  const [quickbooks, setQuickbooks] = useState(false);
  const [search, setSearch] = useState<Search | null>(null);
  const customers = useQuery({ queryKey: ['paybillCustomers'], queryFn: ({ signal }) => dataProvider.paybillCustomers(signal), staleTime: 60_000, retry: false });
  const queryKey = ['paybillRecords', search] as const;
  const records = useInfiniteQuery({
    queryKey,
    enabled: search !== null,
    initialPageParam: null as PaybillCursor | null,
    queryFn: ({ pageParam, signal }) =>
      dataProvider.searchPayBill(
        {
          ...search!,
          pageSize: PAY_BILL_PAGE_SIZE,
          isInitialLoad: pageParam === null,
          lastRecordReferenceId: pageParam?.lastRecordReferenceId ?? null,
          recordType: pageParam?.recordType ?? 'Invoice',
        },
        signal,
      ),
    getNextPageParam: (last: PayBillSearchResponse) => (last.cursor.endOfRecord ? undefined : last.cursor),
    retry: false,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !date ? PAY_BILL_MESSAGES.dateRequired : date > browserToday() ? PAY_BILL_MESSAGES.futureDate : null;
    setDateError(problem);
    if (problem) return;
    setSearch({ date, leaseCompanyId: customer?.value ?? null, quickbooks });
  };

  /** The row as the server now has it (exported, or the current state of a refused one). */
  const replace = (record: PaybillRecord) =>
    queryClient.setQueryData<InfiniteData<PayBillSearchResponse>>(queryKey, (data) =>
      data && { ...data, pages: data.pages.map((p) => ({ ...p, invoicedRecords: p.invoicedRecords.map((r) => (r.docId === record.docId ? record : r)) })) },
    );

  const rows = records.data?.pages.flatMap((p) => p.invoicedRecords) ?? [];
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
        <Results
          rows={rows}
          pending={records.isPending}
          error={records.error}
          hasMore={records.hasNextPage}
          loadingMore={records.isFetchingNextPage}
          onLoadMore={() => void records.fetchNextPage()}
          onChanged={replace}
        />
      )}
    </PageFrame>
  );
}

interface ResultsProps {
  rows: PaybillRecord[];
  pending: boolean;
  error: Error | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onChanged(record: PaybillRecord): void;
}

function Results({ rows, pending, error, hasMore, loadingMore, onLoadMore, onChanged }: ResultsProps) {
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
          <Button onClick={onLoadMore} disabled={loadingMore} variant="outlined" startIcon={loadingMore ? <CircularProgress size={14} aria-hidden="true" /> : undefined}>
            {PAY_BILL_LABELS.loadMore}
          </Button>
        )}
        {error && rows.length > 0 && <Alert severity="error">{PAY_BILL_MESSAGES.searchFailed}</Alert>}
      </Box>
    </>
  );
}
