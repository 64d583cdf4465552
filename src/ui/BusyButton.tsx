import { Button, CircularProgress, type ButtonProps } from '@mui/material';

/** A button that is disabled while its call runs (`busy`), showing a small spinner before its text. */
export function BusyButton({ busy, disabled, startIcon, ...props }: ButtonProps & { busy: boolean }) {
  return <Button {...props} disabled={busy || Boolean(disabled)} startIcon={busy ? <CircularProgress size={14} aria-hidden="true" /> : startIcon} />;
}
