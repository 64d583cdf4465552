import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../../src/ui/ScrollRegion';
import UploadIcon from '@mui/icons-material/Upload';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { FILE_VALIDATION_MESSAGES, reportStatusText, uploadBlocked, validationStatusText, validationTypeLabel, type FileValidationReport } from '../../domain/fileValidation';
import { topics } from '../../domain/live';
import { fileValidationResource } from '../../domain/resources/fileValidation';
import { PageFrame } from '../../src/layout/PageFrame';
import { DownloadButton } from '../../src/network/DownloadButton';
import { formatDateTime, personName } from '../../src/network/format';
import { useLiveTopic } from '../../src/ui/useLiveTopic';
import { ValidationUploadDialog } from './ValidationUploadDialog';

const TITLE = 'File Validation';

/**
 * File validation reports (spec 3 §2.5): the latest 25, newest first, kept up to date live as runs
 * progress; Upload (disabled while the latest report is processing) and each report's log file.
 */
export function ReportsPage() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const { canAccess: canUpload } = useCanAccess({ resource: fileValidationResource.name, action: 'create' });
  const [uploadOpen, setUploadOpen] = useState(false);
  const reports = useQuery({ queryKey: ['fileValidationReports'], queryFn: ({ signal }) => dataProvider.validationReports(signal), retry: false });
  useLiveTopic(topics.fileValidation(), () => void reports.refetch());
  const list = reports.data ?? [];
  const blocked = uploadBlocked(list);
  const header = canUpload ? (
    // Unavailable while a file is validated, yet still focusable: an upload blocks it as its dialog
    // closes, and focus must come back to it rather than fall to the page.
    <Button
      variant="contained"
      startIcon={<UploadIcon aria-hidden="true" />}
      aria-disabled={blocked || reports.isPending}
      onClick={() => {
        if (!blocked && !reports.isPending) setUploadOpen(true);
      }}
      sx={{ '&[aria-disabled="true"]': { color: 'action.disabled', bgcolor: 'action.disabledBackground', cursor: 'default' } }}
    >
      Upload
    </Button>
  ) : null;
  return (
    <PageFrame title={TITLE} header={header}>
      {blocked && (
        <Typography color="text.secondary" sx={{ mb: 2 }} role="status">
          The latest file is being validated; Upload is available again once it has finished.
        </Typography>
      )}
      {reports.error ? (
        <Alert severity="error">{FILE_VALIDATION_MESSAGES.listFailed}</Alert>
      ) : reports.isPending ? (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the file validations" />
        </Box>
      ) : (
        <Paper variant="outlined">
          <ScrollRegion label="File validations">
            <Table aria-label="File validations">
              <TableHead>
                <TableRow>
                  {['Status', 'Upload On', 'Uploaded By', 'Validation Type', 'File Name', 'Validation Status', 'Log File'].map((h) => (
                    <TableCell key={h}>{h}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7}>No files have been validated yet.</TableCell>
                  </TableRow>
                )}
                {list.map((r) => (
                  <ReportRow key={r.id} report={r} />
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        </Paper>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {FILE_VALIDATION_MESSAGES.footer}
      </Typography>
      <ValidationUploadDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        disabled={blocked}
        onUploaded={(name) => {
          setUploadOpen(false);
          notify(`${name}: ${FILE_VALIDATION_MESSAGES.uploaded}`, { type: 'success', title: TITLE });
          void reports.refetch();
        }}
      />
    </PageFrame>
  );
}

function StatusCell({ report }: { report: FileValidationReport }) {
  const text = reportStatusText(report);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {report.processIndicator === 'LOADING' ? (
        <CircularProgress size={16} aria-hidden="true" />
      ) : report.processIndicator === 'SUCCESS' ? (
        <CheckCircleIcon color="success" fontSize="small" aria-hidden="true" />
      ) : (
        <ErrorIcon color="error" fontSize="small" aria-hidden="true" />
      )}
      {text}
    </Box>
  );
}

function ReportRow({ report: r }: { report: FileValidationReport }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return (
    <TableRow>
      <TableCell>
        <StatusCell report={r} />
      </TableCell>
      <TableCell>{formatDateTime(r.timestamp)}</TableCell>
      <TableCell>{personName(r.user)}</TableCell>
      <TableCell>{validationTypeLabel(r.validationType)}</TableCell>
      <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
        {r.fileName}
      </TableCell>
      <TableCell>
        <Typography variant="body2" color={r.validationStatus === false ? 'error' : r.validationStatus ? 'success.main' : 'text.primary'}>
          {validationStatusText(r)}
        </Typography>
      </TableCell>
      <TableCell>{r.logFilePath ? <DownloadButton label="Download" name={`Download the log of ${r.fileName}`} call={() => dataProvider.validationLogFile(r.id)} /> : '-'}</TableCell>
    </TableRow>
  );
}
