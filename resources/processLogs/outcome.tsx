import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningIcon from '@mui/icons-material/Warning';
import CancelIcon from '@mui/icons-material/Cancel';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import type { SvgIconProps } from '@mui/material';
import { OUTCOME_COLOURS, PROCESS_LOG_LABELS, type ProcessLogOutcome } from '../../domain/processLogs';

/** Spec 3 §2.2 colour names on the console's palette. */
const PALETTE: Readonly<Record<(typeof OUTCOME_COLOURS)[ProcessLogOutcome], string>> = {
  green: 'success.main',
  orange: 'warning.main',
  red: 'error.main',
  grey: 'grey.600',
};
export const outcomeColour = (o: ProcessLogOutcome) => PALETTE[OUTCOME_COLOURS[o]];

const ICONS = { success: CheckCircleIcon, warning: WarningIcon, failed: CancelIcon, pending: HourglassTopIcon } as const;

/** The outcome's icon, in its colour, named for screen readers (never colour alone). */
export function OutcomeIcon({ outcome, ...props }: { outcome: ProcessLogOutcome } & SvgIconProps) {
  const Icon = ICONS[outcome];
  return <Icon role="img" aria-label={PROCESS_LOG_LABELS.outcome[outcome]} aria-hidden={false} sx={{ color: outcomeColour(outcome) }} {...props} />;
}
