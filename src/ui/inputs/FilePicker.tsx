import { forwardRef, type ChangeEvent, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { visuallyHidden } from '../visuallyHidden';
import { focusRing } from '../../theme';

export interface FilePickerProps {
  /** The visible text, which is also the file input's accessible name. */
  children: ReactNode;
  icon?: ReactNode;
  accept: string;
  disabled?: boolean;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * A file chooser drawn as an outlined button: one tab stop, the hidden file input (Enter and Space
 * open the chooser), named by the label around it, which shows the focus ring. The label is a plain
 * label, not a button: no second stop where Enter would open nothing, and no control inside a control.
 */
export const FilePicker = forwardRef<HTMLInputElement, FilePickerProps>(function FilePicker({ children, icon, accept, disabled, onChange, ...aria }, ref) {
  return (
    <Box
      component="label"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 0.75,
        border: 1,
        borderColor: disabled ? 'action.disabled' : 'primary.main',
        borderRadius: 1,
        color: disabled ? 'text.secondary' : 'primary.main',
        fontWeight: 600,
        fontSize: '0.875rem',
        cursor: disabled ? 'default' : 'pointer',
        '&:hover': disabled ? undefined : { bgcolor: 'action.hover' },
        '&:has(input:focus-visible)': focusRing,
      }}
    >
      {icon}
      {children}
      <Box component="input" ref={ref} type="file" accept={accept} onChange={onChange} disabled={disabled} {...aria} sx={visuallyHidden} />
    </Box>
  );
});
