import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../../src/ui/ScrollRegion';
import UploadIcon from '@mui/icons-material/Upload';
import { ListBase, useCanAccess, useListContext, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import {
  FILE_VALIDATION_MESSAGES,
  FILE_VALIDATION_REPORTS_LIMIT,
  uploadBlocked,
  validationStatusText,
  validationTypeLabel,
  type FileValidationReport,
} from '../../domain/fileValidation';
import { topics } from '../../domain/live';
import { fileValidationResource } from '../../domain/resources/fileValidation';
import { PageFrame } from '../../src/layout/PageFrame';
import { formatDateTime, personName } from '../../src/network/format';
import { useLiveTopic } from '../../src/ui/useLiveTopic';
import { ValidationUploadDialog } from './ValidationUploadDialog';
import { LogDownload, ReportStatus } from './ReportParts';

const TITLE = 'File Validation';

/**
 * File validation reports (spec 3 §2.5): the latest 25, newest first, kept up to date live as runs
 * progress; Upload (disabled while the latest report is processing) and each report's log file.
 */
export function ReportsPage() {
  return (
    <ListBase resource={fileValidationResource.name} perPage={FILE_VALIDATION_REPORTS_LIMIT} disableSyncWithLocation queryOptions={{ retry: false }}>
      <Reports />
    </ListBase>
  );
}

function Reports() {
  const notify = useNotify();
  const { canAccess: canUpload } = useCanAccess({ resource: fileValidationResource.name, action: 'create' });
  const [uploadOpen, setUploadOpen] = useState(false);
  const reports = useListContext<FileValidationReport>();
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

function ReportRow({ report: r }: { report: FileValidationReport }) {
  return (
    <TableRow>
      <TableCell>
        <ReportStatus report={r} />
      </TableCell>
      <TableCell>{formatDateTime(r.timestamp)}</TableCell>
      <TableCell>{personName(r.user)}</TableCell>
      <TableCell>{validationTypeLabel(r.validationType)}</TableCell>
      <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
        <Link to={`/${fileValidationResource.name}/reports/${encodeURIComponent(r.id)}`} aria-label={`${r.fileName}: the report of ${formatDateTime(r.timestamp)}`}>
          {r.fileName}
        </Link>
      </TableCell>
      <TableCell>
        <Typography variant="body2" color={r.validationStatus === false ? 'error' : r.validationStatus ? 'success.main' : 'text.primary'}>
          {validationStatusText(r)}
        </Typography>
      </TableCell>
      <TableCell>
        <LogDownload report={r} />
      </TableCell>
    </TableRow>
  );
}
