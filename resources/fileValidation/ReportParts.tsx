import { Box, CircularProgress } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { reportStatusText, type FileValidationReport } from '../../domain/fileValidation';
import { DownloadButton } from '../../src/network/DownloadButton';

/** A report's status with its icon, in the list and on the report's page. */
export function ReportStatus({ report }: { report: FileValidationReport }) {
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

/** The report's whole log file, once the run wrote it; '-' before. */
export function LogDownload({ report: r }: { report: FileValidationReport }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return r.logFilePath ? <DownloadButton label="Download" name={`Download the log of ${r.fileName}`} call={() => dataProvider.validationLogFile(r.id)} /> : <>-</>;
}
