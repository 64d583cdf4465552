import { Box, Chip, Link, Paper, Typography } from '@mui/material';
import { Link as RouterLink, useMatch } from 'react-router-dom';
import { outcomeOf, PROCESS_LOG_LABELS, type ProcessLogEntry } from '../../domain/processLogs';
import { formatDateTime } from '../../src/network/format';
import { EntryStats } from './EntryStats';
import { OutcomeIcon, outcomeColour } from './outcome';

/**
 * Spec 3 §2.2: one log entry: its outcome's icon and colour (with the outcome in words), name,
 * message (a line per line break), when it ran, Paused when paused, and its type's statistics.
 */
export function EntryCard({ entry }: { entry: ProcessLogEntry }) {
  const outcome = outcomeOf(entry);
  const headingId = `process-log-${entry.id}`;
  // On the entry's own page the card does not link to itself.
  const onItsPage = useMatch('/process-logs/:id/show') !== null;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, borderLeft: 5, borderLeftColor: outcomeColour(outcome) }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, flexWrap: 'wrap' }}>
        <OutcomeIcon outcome={outcome} />
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {entry.name}
          {entry.leaseCompanyName ? ` – ${entry.leaseCompanyName}` : ''}
        </Typography>
        <Chip size="small" label={PROCESS_LOG_LABELS.outcome[outcome]} sx={{ color: 'common.white', bgcolor: outcomeColour(outcome), fontWeight: 600 }} />
        {entry.state === 'PAUSED' && <Chip size="small" variant="outlined" label={PROCESS_LOG_LABELS.paused} />}
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
          {PROCESS_LOG_LABELS.executedAt} <time dateTime={entry.executedAt}>{formatDateTime(entry.executedAt)}</time>
        </Typography>
        {!onItsPage && (
          <Link component={RouterLink} to={`/process-logs/${encodeURIComponent(entry.id)}/show`} aria-label={`Details: ${entry.name}, ${formatDateTime(entry.executedAt)}`}>
            Details
          </Link>
        )}
      </Box>
      {entry.message && (
        <Box sx={{ mt: 1, mb: 1.5 }} data-testid="message">
          {entry.message.split(/\r?\n/).map((line, k) => (
            <Typography key={k} variant="body2">
              {line}
            </Typography>
          ))}
        </Box>
      )}
      <EntryStats entry={entry} />
    </Paper>
  );
}
