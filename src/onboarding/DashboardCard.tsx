import { useId, type ReactNode } from 'react';
import { Box, Paper, Skeleton, Typography } from '@mui/material';
import { visuallyHidden } from '../ui/visuallyHidden';

export interface DashboardCardProps {
  title: string;
  /** Label and count pairs; one large figure when there is a single pair. */
  figures: { label: string; count: number | undefined }[];
  loading: boolean;
  error?: boolean;
  action?: ReactNode;
}

const number = new Intl.NumberFormat('en-GB');

/** A titled card with counts and an action, announced as a region named by its title. */
export function DashboardCard({ title, figures, loading, error, action }: DashboardCardProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, minHeight: 180 }}>
      <Typography id={titleId} variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', flexGrow: 1 }}>
        {figures.map((f) => (
          <Box key={f.label}>
            {/* Read as one phrase, 'Live: 12', from the hidden text; the visible label and figure are for the eye. */}
            {figures.length > 1 && (
              <Typography variant="body2" color="text.secondary" aria-hidden>
                {f.label}
              </Typography>
            )}
            <Typography sx={{ fontSize: figures.length > 1 ? '1.8rem' : '2.4rem', fontWeight: 600, lineHeight: 1.2 }} data-testid={`count-${f.label}`}>
              <span aria-hidden>{loading ? <Skeleton width={64} /> : error ? '—' : number.format(f.count ?? 0)}</span>
              <Box component="span" sx={visuallyHidden}>{`${f.label}: ${loading || error ? 'not known yet' : (f.count ?? 0)}`}</Box>
            </Typography>
          </Box>
        ))}
      </Box>
      {error && (
        <Typography variant="body2" color="error">
          The count could not be loaded.
        </Typography>
      )}
      {action && <Box>{action}</Box>}
    </Paper>
  );
}
