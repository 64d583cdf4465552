import { Alert, Box, CircularProgress, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../../src/ui/ScrollRegion';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { STATEMENT_MESSAGES, type SaviExportRow } from '../../domain/savi';
import { formatAuditDate } from '../../domain/suppliers/networkTerms/format';
import { PageFrame } from '../../src/layout/PageFrame';
import { useSessionState } from '../../src/layout/useSession';
import { DownloadButton } from '../../src/network/DownloadButton';
import { formatDateTime } from '../../src/network/format';
import { SAVI_BACK } from './back';

const TITLE = 'SAVi Statements';

/**
 * SAVi Statements (spec 3 §2.1): the latest 25 weekly statements, newest first, each downloadable
 * unless its run failed or its file is gone ('File not available').
 */
export function SaviExportsPage() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data, error, isPending } = useQuery({ queryKey: ['saviExports'], queryFn: ({ signal }) => dataProvider.saviExports(signal), retry: false });
  return (
    <PageFrame title={TITLE} back={SAVI_BACK}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {STATEMENT_MESSAGES.note}
      </Typography>
      {error ? (
        <Alert severity="error">{STATEMENT_MESSAGES.listFailed}</Alert>
      ) : isPending ? (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the SAVi statements" />
        </Box>
      ) : (
        <Paper variant="outlined">
          <ScrollRegion label={TITLE}>
            <Table aria-label={TITLE}>
              <TableHead>
                <TableRow>
                  <TableCell>Status</TableCell>
                  <TableCell>Start Date</TableCell>
                  <TableCell>End Date</TableCell>
                  <TableCell>Generated On</TableCell>
                  <TableCell>File Name</TableCell>
                  <TableCell align="right">Download</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>No SAVi statements have been generated yet.</TableCell>
                  </TableRow>
                )}
                {data.map((row) => (
                  <StatementRow key={row.id} row={row} />
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        </Paper>
      )}
    </PageFrame>
  );
}

function StatementRow({ row }: { row: SaviExportRow }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { session } = useSessionState();
  // Sent with the download (spec 3 §7 userName) and kept in its audit row.
  const userName = session ? `${session.user.firstname} ${session.user.lastname}` : '';
  const { filepath } = row;
  return (
    <TableRow>
      <TableCell>
        {row.isSuccess ? (
          <CheckCircleIcon color="success" titleAccess="Success" />
        ) : (
          <ErrorIcon color="error" titleAccess={row.error ? `Error: ${row.error}` : 'Error'} />
        )}
      </TableCell>
      <TableCell>{formatAuditDate(row.startDate)}</TableCell>
      <TableCell>{formatAuditDate(row.endDate)}</TableCell>
      <TableCell>{formatDateTime(row.timestamp)}</TableCell>
      <TableCell>{row.fileName}</TableCell>
      <TableCell align="right">
        {filepath ? (
          <DownloadButton label="Download" name={`Download ${row.fileName}`} call={() => dataProvider.saviExportFile(filepath, userName)} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {STATEMENT_MESSAGES.fileNotAvailable}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
