import { Alert, Box, Chip, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../ui/ScrollRegion';
import type { NetworkExportRow } from '../../domain/network';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { DownloadButton } from './DownloadButton';
import { formatDateTime, personName } from './format';
import type { NetworkList } from './useNetworkList';

const STATUS = { LOADING: 'In progress', SUCCESS: 'Ready', FAILED: 'Failed' } as const;

/**
 * The recent exports of this customer. Every finished export can be downloaded, e-mailed ones
 * too (a lost e-mail should not mean a new export).
 */
export function ExportsList({ list, leaseId, canDownload }: { list: NetworkList<NetworkExportRow>; leaseId: string | null; canDownload: boolean }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  if (list.error && !list.rows) return <Alert severity="error">The recent exports could not be loaded.</Alert>;
  if (!list.rows)
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 2 }}>
        <CircularProgress size={20} aria-hidden="true" />
        <Typography color="text.secondary">Loading recent exports...</Typography>
      </Box>
    );
  if (list.rows.length === 0) return <Typography color="text.secondary">No network exports yet.</Typography>;
  return (
    <ScrollRegion label="Recent exports" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      <Table size="small" aria-label="Recent exports">
        <TableHead>
          <TableRow>
            <TableCell>Requested On</TableCell>
            <TableCell>Requested By</TableCell>
            <TableCell>Group</TableCell>
            <TableCell>Supplier Type</TableCell>
            <TableCell>MOT Class</TableCell>
            <TableCell>Email exported file</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>File</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{formatDateTime(r.requestedAt)}</TableCell>
              <TableCell>{personName(r.requestedBy)}</TableCell>
              <TableCell>{r.groupName ?? 'All groups'}</TableCell>
              <TableCell>{r.supplierType}</TableCell>
              <TableCell>{r.motClass ?? 'All'}</TableCell>
              <TableCell>{r.emailExportFile ? 'Yes' : 'No'}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={STATUS[r.processIndicator]}
                  color={r.processIndicator === 'SUCCESS' ? 'success' : r.processIndicator === 'FAILED' ? 'error' : 'default'}
                  icon={r.processIndicator === 'LOADING' ? <CircularProgress size={12} aria-hidden="true" /> : undefined}
                  title={r.error ?? undefined}
                />
              </TableCell>
              <TableCell>
                {r.processIndicator === 'SUCCESS' && r.fileName ? (
                  <DownloadButton label="Download" name={`Download ${r.fileName}`} disabled={!canDownload} call={() => dataProvider.networkExportFile(r.id, leaseId)} />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {r.processIndicator === 'FAILED' ? (r.error ?? 'Not available') : '—'}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
