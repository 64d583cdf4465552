import { memo, useId, type ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';

/** One titled section of a form (customer, supplier). */
export const FormSection = memo(function FormSection({ title, children, description }: { title: string; children: ReactNode; description?: string }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={id} variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: description ? 0.5 : 2 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>{children}</Box>
    </Paper>
  );
});

/** Switches of a block's type tiles, in a wrap. */
export function Tiles({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, pl: 1 }}>{children}</Box>;
}
