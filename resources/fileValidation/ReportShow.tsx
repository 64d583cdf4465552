import type { ReactNode } from 'react';
import { CircularProgress, Paper, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { ShowBase, useShowContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { validationStatusText, validationTypeLabel, type FileValidationReport, type FileValidationReportDetails } from '../../domain/fileValidation';
import { topics } from '../../domain/live';
import { fileValidationResource } from '../../domain/resources/fileValidation';
import { PageFrame } from '../../src/layout/PageFrame';
import { formatDateTime, personName } from '../../src/network/format';
import { useLiveTopic } from '../../src/ui/useLiveTopic';
import { recordStates } from '../../src/resources/recordStates';
import { LogDownload, ReportStatus } from './ReportParts';

const BACK = { label: 'Back to File Validation', to: `/${fileValidationResource.name}/reports` };

/** One validation (ours): the list's facts, its counts, and the start of its log; followed live while it runs. */
export function ReportShow() {
  const { id } = useParams();
  return (
    <ShowBase resource={fileValidationResource.name} id={id} {...recordStates({ title: 'File validation', back: BACK, what: 'file validation' })}>
      <Report />
    </ShowBase>
  );
}

/** The list's row (without the log) stands in until the report itself is read. */
type Shown = FileValidationReport & Partial<Pick<FileValidationReportDetails, 'log' | 'logCut'>>;

function Report() {
  const { record, refetch } = useShowContext<Shown>();
  useLiveTopic(topics.fileValidation(), () => void refetch());
  return (
    <PageFrame title={record ? record.fileName : 'File validation'} back={BACK}>
      {record && (
        <>
          <Paper variant="outlined" sx={{ mb: 3 }}>
            <Table aria-label="File validation" size="small">
              <TableBody>
                <Fact label="Status">
                  <ReportStatus report={record} />
                </Fact>
                <Fact label="Upload On">{formatDateTime(record.timestamp)}</Fact>
                <Fact label="Uploaded By">{personName(record.user)}</Fact>
                <Fact label="Validation Type">{validationTypeLabel(record.validationType)}</Fact>
                <Fact label="Validation Status">{validationStatusText(record)}</Fact>
                <Fact label="Rows">{record.rowCount ?? '-'}</Fact>
                <Fact label="Errors">{record.errorCount ?? '-'}</Fact>
                <Fact label="Log File">
                  <LogDownload report={record} />
                </Fact>
              </TableBody>
            </Table>
          </Paper>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            Log
          </Typography>
          {record.log === undefined ? (
            <CircularProgress size={20} aria-label="Loading the log" />
          ) : record.log === null ? (
            <Typography color="text.secondary">No log has been written yet.</Typography>
          ) : (
            <>
              <Paper variant="outlined" component="pre" tabIndex={0} aria-label="Log" sx={{ p: 2, m: 0, maxHeight: 480, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 13 }}>
                {record.log}
              </Paper>
              {record.logCut && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  The log goes on: Download has all of it.
                </Typography>
              )}
            </>
          )}
        </>
      )}
    </PageFrame>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ width: 200, fontWeight: 600 }}>
        {label}
      </TableCell>
      <TableCell>{children}</TableCell>
    </TableRow>
  );
}
