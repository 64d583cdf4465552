import { Alert, Box, Button, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../ui/ScrollRegion';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { importLabel, statusIconLabel, validationLabel, type NetworkImportRow } from '../../domain/network';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { DownloadButton } from './DownloadButton';
import { formatDateTime, personName } from './format';
import type { NetworkList } from './useNetworkList';

function StatusIcon({ row }: { row: NetworkImportRow }) {
  const label = statusIconLabel(row);
  if (row.processIndicator === 'LOADING') return <CircularProgress size={18} role="img" aria-label={label} />;
  if (row.processIndicator === 'SUCCESS') return <CheckCircleIcon color="success" role="img" aria-label={label} aria-hidden={false} />;
  return <ErrorIcon color="error" role="img" aria-label={label} aria-hidden={false} />;
}

const TONE = { SUCCESS: 'success.main', FAILED: 'error.main', Error: 'error.main' } as Record<string, string>;

/** Why a process failed, under its status (readable, not hidden in a tooltip). */
function ErrorNote({ text }: { text: string }) {
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 220 }}>
      {text}
    </Typography>
  );
}

function StatusText({ text }: { text: string }) {
  return (
    <Typography variant="body2" component="span" sx={{ fontWeight: TONE[text] ? 600 : 400, color: TONE[text] ?? 'text.secondary' }}>
      {text}
    </Typography>
  );
}

/** The imports of spec 1 §2 "Network Import page", newest first; the Import button on one row at most. */
export function ImportsTable({
  list,
  leaseId,
  importableId,
  canImport,
  importing,
  onImport,
}: {
  list: NetworkList<NetworkImportRow>;
  leaseId: string | null;
  importableId: string | null;
  canImport: boolean;
  importing: boolean;
  onImport(row: NetworkImportRow): void;
}) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  if (list.error && !list.rows) return <Alert severity="error">The network imports could not be loaded.</Alert>;
  if (!list.rows)
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 4, justifyContent: 'center' }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography color="text.secondary">Loading network imports...</Typography>
      </Box>
    );
  if (list.rows.length === 0)
    return (
      <Box sx={{ border: '1px dashed', borderColor: 'divider', borderRadius: 2, p: 4, bgcolor: 'background.paper' }}>
        <Typography>No network imports yet</Typography>
        <Typography variant="body2" color="text.secondary">
          Upload a CSV network file to validate it; once it passes, it can be imported.
        </Typography>
      </Box>
    );
  return (
    <ScrollRegion label="Network imports" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      {/* Nine columns: with the default 16 px each side they need more than the 966 px left at 1280 px, and the Import column was cut off. */}
      <Table size="small" aria-label="Network imports" sx={{ '& td, & th': { px: 1.25 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Status</TableCell>
            <TableCell>File Name</TableCell>
            <TableCell>File Download</TableCell>
            <TableCell>Upload On</TableCell>
            <TableCell>Uploaded By</TableCell>
            <TableCell>Validation Status</TableCell>
            <TableCell>Log file</TableCell>
            <TableCell>Import Status</TableCell>
            <TableCell>Import</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>
                <StatusIcon row={r} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{r.fileName}</TableCell>
              <TableCell>
                <DownloadButton label="Download" name={`Download ${r.fileName}`} call={() => dataProvider.networkImportFile(r.id, leaseId)} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.timestamp)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{personName(r.user)}</TableCell>
              <TableCell>
                <StatusText text={validationLabel(r)} />
                {r.error && r.validationStatus === null && <ErrorNote text={r.error} />}
              </TableCell>
              <TableCell>
                {r.hasLogFile ? (
                  <DownloadButton label="Log" name={`Download the log of ${r.fileName}`} call={() => dataProvider.networkImportLogFile(r.id, leaseId)} />
                ) : (
                  <StatusText text="—" />
                )}
              </TableCell>
              <TableCell>
                <StatusText text={importLabel(r)} />
                {r.error && r.importStatus === false && <ErrorNote text={r.error} />}
                {r.importedAt && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                    {formatDateTime(r.importedAt)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {r.id === importableId && (
                  <Button size="small" variant="contained" disabled={!canImport || importing} onClick={() => onImport(r)} aria-label={`Import ${r.fileName}`}>
                    Import
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
