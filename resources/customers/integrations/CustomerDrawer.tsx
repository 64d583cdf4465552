import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Box, Drawer, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { QuitDialog } from '../form/QuitDialog';

export interface CustomerDrawerProps {
  open: boolean;
  title: string;
  /** Spec 1 §9 width in px (full width on phones). */
  width: number;
  /** Asked to close (Escape, the backdrop, the close button): the caller decides. */
  onClose(): void;
  /** When given, the body and footer are one form and Enter submits it. */
  onSubmit?(event: FormEvent): void;
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A right-hand drawer of the customer screens: a dialog named by its heading. MUI moves focus into
 * it on open, keeps Tab inside, and gives focus back to the button that opened it on close.
 */
export function CustomerDrawer({ open, title, width, onClose, onSubmit, footer, children }: CustomerDrawerProps) {
  const titleId = useId();
  const body = (
    <>
      <Box sx={{ px: 3, py: 2.5, flexGrow: 1, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 2.5 }}>{children}</Box>
      {footer && <Box sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider', display: 'flex', gap: 1.5, justifyContent: 'flex-end', alignItems: 'center' }}>{footer}</Box>}
    </>
  );
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: width }, display: 'flex', flexDirection: 'column' }, role: 'dialog', 'aria-labelledby': titleId } as object }}
    >
      <Box sx={{ px: 3, py: 2, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography id={titleId} variant="h2" component="h2">
          {title}
        </Typography>
        <IconButton aria-label={`Close ${title}`} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      {onSubmit ? (
        <Box
          component="form"
          noValidate
          onSubmit={(e: FormEvent) => {
            // The drawer renders in a portal, but React would still bubble its submit to any form around the page.
            e.stopPropagation();
            onSubmit(e);
          }}
          sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}
        >
          {body}
        </Box>
      ) : (
        body
      )}
    </Drawer>
  );
}

/**
 * 'Quit Editing?' (spec 1 §4) for a drawer: `requestClose` closes at once when nothing changed,
 * otherwise asks first. Render `dialog` next to the drawer.
 */
export function useDrawerQuit(dirty: boolean, close: () => void) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : close());
  const dialog = (
    <QuitDialog
      open={asking}
      onStay={() => setAsking(false)}
      onQuit={() => {
        setAsking(false);
        close();
      }}
    />
  );
  return { requestClose, dialog };
}

/**
 * A number that grows with each opening: key a drawer's form by it so every opening starts from
 * the saved record, while a close keeps the form (and its closing transition) as it was.
 */
export function useOpenCount(open: boolean): number {
  const [state, setState] = useState({ open, count: open ? 1 : 0 });
  // Adjusting state while rendering: React renders again at once with the new count.
  if (state.open !== open) setState({ open, count: open ? state.count + 1 : state.count });
  return state.count;
}
