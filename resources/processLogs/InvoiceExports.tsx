import { Accordion, AccordionDetails, AccordionSummary, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { dayCheckText, formatLogDay, type DayCheck, type InvoiceExportLog } from '../../domain/processLogs';
import { formatDateTime } from '../../src/network/format';

const PROBLEM = new Set(['gap', 'overlap', 'missing']);

/** A green tick or a red cross, named for screen readers. */
function Tick({ ok }: { ok: boolean }) {
  return ok ? <CheckIcon role="img" aria-hidden={false} aria-label="Exported" sx={{ color: 'success.main' }} /> : <CloseIcon role="img" aria-hidden={false} aria-label="Not exported" sx={{ color: 'error.main' }} />;
}

/** What the company's check found, in a line: gaps and overlaps first, then the days without a file. */
function finding(log: InvoiceExportLog): string {
  const numbering = log.check.days.filter((d) => d.status === 'gap' || d.status === 'overlap').map(dayCheckText);
  const noFile = log.days.filter((_d, k) => log.check.days[k].status === 'missing').map((d) => formatLogDay(d.day));
  const parts = [...numbering, ...(noFile.length ? [`No export file for ${noFile.join(', ')}`] : [])];
  return parts.length ? parts.join('; ') : 'Invoice numbers are consecutive';
}

/**
 * Spec 3 §2.2: the Daily Invoice exports view, an accordion per lease company with the selected
 * day and the two before it: each day's file, a tick or a cross, and the consecutive check.
 */
export function InvoiceExports({ logs }: { logs: InvoiceExportLog[] }) {
  return (
    <Box>
      {logs.map((log) => {
        const allOk = log.days.every((d) => d.isSuccess) && log.check.consecutive;
        return (
          <Accordion key={log.leaseId} disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`invoice-exports-${log.leaseId}`} id={`invoice-exports-${log.leaseId}-summary`}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', width: '100%' }}>
                <Typography sx={{ fontWeight: 600, width: { xs: '100%', md: 320 }, flexShrink: 0 }}>
                  {log.leaseCompanyName}
                </Typography>
                <Box sx={{ display: 'flex', gap: 0.5 }} aria-label="Export of each day">
                  {log.days.map((d) => (
                    <Box key={d.day} component="span" title={formatLogDay(d.day)} sx={{ display: 'inline-flex' }}>
                      <Tick ok={d.isSuccess} />
                    </Box>
                  ))}
                </Box>
                <Typography variant="body2" sx={{ color: allOk ? 'success.main' : 'error.main', fontWeight: 500 }}>
                  {finding(log)}
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails id={`invoice-exports-${log.leaseId}`}>
              <Table size="small" aria-label={`Daily invoice exports of ${log.leaseCompanyName}`} sx={{ tableLayout: 'fixed', '& td, & th': { overflowWrap: 'anywhere', verticalAlign: 'top' } }}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: 140 }} />
                    {log.days.map((d) => (
                      <TableCell key={d.day} component="th" scope="col">
                        {formatLogDay(d.day)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      Exported
                    </TableCell>
                    {log.days.map((d) => (
                      <TableCell key={d.day}>
                        <Tick ok={d.isSuccess} />
                      </TableCell>
                    ))}
                  </TableRow>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      File name
                    </TableCell>
                    {log.days.map((d) => (
                      <TableCell key={d.day}>{d.fileName ?? '–'}</TableCell>
                    ))}
                  </TableRow>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      Executed
                    </TableCell>
                    {log.days.map((d) => (
                      <TableCell key={d.day}>{formatDateTime(d.executedAt) || '–'}</TableCell>
                    ))}
                  </TableRow>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      Numbering
                    </TableCell>
                    {log.check.days.map((c: DayCheck, k) => (
                      <TableCell key={log.days[k].day} sx={{ color: PROBLEM.has(c.status) ? 'error.main' : undefined, fontWeight: PROBLEM.has(c.status) ? 600 : undefined }}>
                        {dayCheckText(c)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableBody>
              </Table>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
