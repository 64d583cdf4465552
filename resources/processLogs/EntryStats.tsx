import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../../src/ui/ScrollRegion';
import { ARCHIVE_KINDS, type ArchiveKind, type ArchiveStats, type BillingValidationData, type ExportFileCounts, type ImportStats, type InvoiceExportData } from '../../domain/logs';
import { formatLogDay, type ProcessLogEntry } from '../../domain/processLogs';
import { formatDateTime } from '../../src/network/format';
import { Facts, labelOf, num, plain, type Fact } from './Facts';

/** Spec 3 §2.2: the statistics of an entry, by its type. */
export function EntryStats({ entry }: { entry: ProcessLogEntry }) {
  // An entry that has no figures yet (a run that just started, a failure) shows none.
  if (!entry.stats && !entry.data && !entry.fileName) return null;
  switch (entry.type) {
    case 'STOCK_IMPORT':
      return <StockImportStats stats={entry.stats as Partial<ImportStats> | null} counts={entry.data as Partial<ExportFileCounts> | null} />;
    case 'DAILY_INVOICE_EXPORT':
      return <InvoiceExportStats data={entry.data as Partial<InvoiceExportData> | null} fileName={entry.fileName} />;
    case 'BILLING_VALIDATION':
      return entry.data ? <BillingStats data={entry.data as unknown as BillingValidationData} /> : null;
    case 'ENQUIRY_ARCHIVE':
      return entry.stats ? <ArchiveStatsView stats={entry.stats as unknown as ArchiveStats} /> : null;
    default:
      return <Facts label="Figures" facts={[...Object.entries(entry.stats ?? {}), ...Object.entries(entry.data ?? {})].map(([k, v]): Fact => [labelOf(k), plain(v)])} />;
  }
}

function StockImportStats({ stats, counts }: { stats: Partial<ImportStats> | null; counts: Partial<ExportFileCounts> | null }) {
  const s = stats ?? {};
  const c = counts ?? {};
  return (
    <Facts
      label="Import figures"
      facts={[
        ['Total records', num(c.totalRecordsCount)],
        ['Processed', num(c.processedRecordCount)],
        ['Valid', num(c.validRecordCount)],
        ['Invalid', num(c.invalidRecordCount)],
        ['Applied', num(s.success)],
        ['No change', num(s.noChange)],
        ['Skipped', num(s.skipped)],
        ['Awaiting termination', num(s.awaitingTermination)],
        ['Id unavailable', num(s.isIdUnavailable)],
        ['Skipped: maintained as N', num(s.skippedAccountsWithMaintainedAsN)],
        ['Skipped: repeated account number', num(s.skippedRepeatedAccountNumber)],
      ]}
    />
  );
}

function InvoiceExportStats({ data, fileName }: { data: Partial<InvoiceExportData> | null; fileName: string | null }) {
  const d = data ?? {};
  return (
    <Facts
      label="Export figures"
      facts={[
        ['File name', fileName ?? '–'],
        ['Enquiries invoiced', num(d.numberOfEnquiriesInvoiced)],
        ['Invoices in export', num(d.numberOfInvoicesInExport)],
        ['Enquiries credited', num(d.numberOfEnquiriesCredited)],
        ['Invoice blocks', num(d.invoiceBlockCount)],
        ['Credit blocks', num(d.creditBlockCount)],
      ]}
    />
  );
}

const passFail = (s: string | undefined) => (s === 'pass' ? 'Pass' : s === 'fail' ? 'Fail' : '–');
const statusSx = (s: string | undefined) => ({ color: s === 'fail' ? 'error.main' : s === 'pass' ? 'success.main' : undefined, fontWeight: 600 });

function BillingStats({ data }: { data: BillingValidationData }) {
  return (
    <Box>
      <Facts
        label="Billing validation"
        facts={[
          ['Overall status', <Box component="span" sx={statusSx(data.overallStatus)}>{passFail(data.overallStatus)}</Box>],
          ['Period', data.period ?? '–'],
          ['Processed at', formatDateTime(data.processedAt) || '–'],
        ]}
      />
      {(data.rows ?? []).length > 0 && (
        // Eight columns that do not wrap: on a narrow window they scroll in their own region.
        <ScrollRegion label="Billing compared with the report" sx={{ mt: 1, maxWidth: 900 }}>
          <Table size="small" aria-label="Billing compared with the report" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                {['Fee assignee', 'Type', 'Monthly billing', 'Monthly report', 'Monthly status', 'Yesterday billing', 'Yesterday report', 'Yesterday status'].map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.rows.map((r) => (
                <TableRow key={`${r.platformFeeAssignee}|${r.type}`}>
                  <TableCell>{r.platformFeeAssignee}</TableCell>
                  <TableCell>{labelOf(r.type)}</TableCell>
                  <TableCell>{num(r.monthly?.billing)}</TableCell>
                  <TableCell>{num(r.monthly?.report)}</TableCell>
                  <TableCell sx={statusSx(r.monthly?.status)}>{passFail(r.monthly?.status)}</TableCell>
                  <TableCell>{num(r.yesterday?.billing)}</TableCell>
                  <TableCell>{num(r.yesterday?.report)}</TableCell>
                  <TableCell sx={statusSx(r.yesterday?.status)}>{passFail(r.yesterday?.status)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Box>
  );
}

/** Spec 3 §2.2: archive logs, each kind of enquiry apart from the invoiced ones, with its own threshold date. */
const KIND_LABELS: Readonly<Record<ArchiveKind, string>> = {
  declined: 'Declined',
  cancelled: 'Cancelled',
  noShow: 'No-show',
  authorisationDeclined: 'Authorisation declined',
  invoiced: 'Invoiced',
};
const THRESHOLD_OF: Readonly<Record<ArchiveKind, keyof ArchiveStats>> = {
  declined: 'declinedThresholdDate',
  cancelled: 'cancelledThresholdDate',
  noShow: 'noShowThresholdDate',
  authorisationDeclined: 'authorisationDeclinedThresholdDate',
  invoiced: 'invoicedThresholdDate',
};

function ArchiveStatsView({ stats }: { stats: ArchiveStats }) {
  const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? formatLogDay(v.slice(0, 10)) : '–');
  return (
    <Box>
      <Facts
        label="Archive figures"
        facts={[
          ['State', <Typography component="span" sx={{ fontWeight: 600 }}>{stats.isArchivingEnquiriesCompleted ? 'Completed' : 'In progress'}</Typography>],
          ['Enquiries to archive', num(stats.totalEnquiriesToArchiveCount)],
          ['Invoiced to archive', num(stats.totalInvoicedEnquiriesToArchiveCount)],
          ['Archived', num(stats.archivedEnquiriesCount)],
          ['First run', formatDateTime(stats.firstRunTimestamp) || '–'],
          ['Last run', formatDateTime(stats.lastRunTimestamp) || '–'],
        ]}
      />
      <Table size="small" aria-label="Archived by kind" sx={{ mt: 1, maxWidth: 520, '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Kind</TableCell>
            <TableCell>Archived</TableCell>
            <TableCell>Threshold date</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ARCHIVE_KINDS.map((k) => (
            <TableRow key={k}>
              <TableCell component="th" scope="row">
                {KIND_LABELS[k]}
              </TableCell>
              <TableCell>{num(stats.archivedByKind?.[k])}</TableCell>
              <TableCell>{day(stats[THRESHOLD_OF[k]])}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
