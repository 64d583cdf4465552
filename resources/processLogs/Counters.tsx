import { Box, ToggleButton, Typography } from '@mui/material';
import { PROCESS_LOG_OUTCOMES } from '../../domain/logs';
import { PROCESS_LOG_LABELS, type OutcomeCounts, type OutcomeToggles } from '../../domain/processLogs';
import { OutcomeIcon, outcomeColour } from './outcome';

/**
 * Spec 3 §2.2: the day's counters, each a toggle (aria-pressed) that shows or hides its entries;
 * they combine, and all four on shows everything.
 */
export function Counters({ counts, toggles, onToggle }: { counts: OutcomeCounts | null; toggles: OutcomeToggles; onToggle(next: OutcomeToggles): void }) {
  return (
    <Box role="group" aria-label="Show entries by outcome" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
      {PROCESS_LOG_OUTCOMES.map((o) => (
        <ToggleButton
          key={o}
          value={o}
          selected={toggles[o]}
          onChange={() => onToggle({ ...toggles, [o]: !toggles[o] })}
          aria-label={`${PROCESS_LOG_LABELS.outcome[o]} ${counts ? counts[o] : ''}`.trim()}
          sx={{ gap: 1, px: 2, py: 0.75, textTransform: 'none', borderColor: toggles[o] ? outcomeColour(o) : undefined, opacity: toggles[o] ? 1 : 0.6 }}
        >
          <OutcomeIcon outcome={o} fontSize="small" aria-hidden />
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {PROCESS_LOG_LABELS.outcome[o]}
          </Typography>
          <Typography component="span" sx={{ minWidth: 24, fontVariantNumeric: 'tabular-nums' }}>
            {counts ? counts[o] : '–'}
          </Typography>
        </ToggleButton>
      ))}
    </Box>
  );
}
