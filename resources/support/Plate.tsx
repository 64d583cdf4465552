import { Box } from '@mui/material';
import { PLATE_SMALL_TEXT_OVER } from '../../domain/support';

/** A number plate: yellow, bold; registrations over 7 characters use smaller text (spec 3 §2.4). */
export function Plate({ vrm }: { vrm: string }) {
  const small = vrm.length > PLATE_SMALL_TEXT_OVER;
  return (
    <Box
      component="span"
      aria-label={`Registration ${vrm}`}
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        bgcolor: '#FFD500',
        color: '#111',
        border: '1px solid #111',
        borderRadius: 0.5,
        fontWeight: 700,
        fontFamily: 'monospace',
        letterSpacing: 1,
        fontSize: small ? '0.75rem' : '0.95rem',
      }}
    >
      {vrm}
    </Box>
  );
}
