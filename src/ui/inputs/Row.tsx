import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** Lays a form's inputs out in a responsive grid: one column on a phone, two on a tablet, `columns` wide. */
export function Row({ children, columns = 3 }: { children: ReactNode; columns?: number }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: `repeat(${columns}, minmax(0, 1fr))` }, alignItems: 'start' }}>{children}</Box>;
}
