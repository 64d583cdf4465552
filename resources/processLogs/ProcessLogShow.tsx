import { Paper, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { ShowBase, useShowContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { topics } from '../../domain/live';
import { PROCESS_LOGS_TITLE, type ProcessLogEntry } from '../../domain/processLogs';
import { processLogsResource } from '../../domain/resources/processLogs';
import { PageFrame } from '../../src/layout/PageFrame';
import { formatDateTime } from '../../src/network/format';
import { useLiveTopic } from '../../src/ui/useLiveTopic';
import { recordStates } from '../../src/resources/recordStates';
import { EntryCard } from './EntryCard';

const BACK = { label: `Back to ${PROCESS_LOGS_TITLE}`, to: `/${processLogsResource.name}` };

/** One log entry on its own page (ours): its card, and every detail the job recorded; followed live. */
export function ProcessLogShow() {
  const { id } = useParams();
  return (
    <ShowBase resource={processLogsResource.name} id={id} {...recordStates({ title: PROCESS_LOGS_TITLE, back: BACK, what: 'log entry' })}>
      <Entry />
    </ShowBase>
  );
}

function Entry() {
  const { record, refetch } = useShowContext<ProcessLogEntry>();
  useLiveTopic(topics.processLogs(), () => void refetch());
  const details: [string, string][] = record
    ? [
        ['File', record.fileName ?? '-'],
        ['Exported', record.exportedAt ? formatDateTime(record.exportedAt) : '-'],
        ...Object.entries({ ...(record.stats ?? {}), ...(record.data ?? {}) }).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ]
    : [];
  return (
    <PageFrame title={record ? record.name : 'Process log'} back={BACK}>
      {record && (
        <>
          <EntryCard entry={record} />
          <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
            Details
          </Typography>
          <Paper variant="outlined">
            <Table size="small" aria-label="Details">
              <TableBody>
                {details.map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell component="th" scope="row" sx={{ width: 240, fontWeight: 600 }}>
                      {label}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </>
      )}
    </PageFrame>
  );
}
