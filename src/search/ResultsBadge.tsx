import { Chip } from '@mui/material';

/** Spec 1 §9: the results badge shows at most 999; beyond that it reads '999+'. */
export const RESULTS_BADGE_CAP = 999;

export const badgeCount = (total: number) => (total > RESULTS_BADGE_CAP ? `${RESULTS_BADGE_CAP}+` : String(total));

export function ResultsBadge({ total }: { total: number }) {
  const text = `${badgeCount(total)} ${total === 1 ? 'result' : 'results'} found`;
  return <Chip role="status" color="primary" variant="outlined" label={text} aria-live="polite" />;
}
