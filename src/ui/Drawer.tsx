import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Box, Drawer, IconButton, Typography, type SxProps, type Theme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { drawerOpened } from '../layout/openDrawers';

/**
 * A right-hand drawer of an entity's screens, `width` px wide (full width on phones, and never
 * wider than the window: at 200 % zoom a 950 px drawer would start off the screen): a dialog
 * named by its heading `titleId`. MUI moves focus into it on open, keeps Tab inside, and gives
 * focus back to the button that opened it on close. `onClose`: Escape or the backdrop.
 */
function DrawerFrame({ open, width, titleId, onClose, children }: { open: boolean; width: number; titleId: string; onClose(): void; children: ReactNode }) {
  useEffect(() => (open ? drawerOpened() : undefined), [open]);
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: width }, maxWidth: '100%' }, role: 'dialog', 'aria-labelledby': titleId } as object }}>
      {children}
    </Drawer>
  );
}

/** A drawer's form: Enter submits it, and its submit stays inside the drawer. */
function DrawerForm({ onSubmit, sx, children }: { onSubmit(event: FormEvent): void; sx: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e: FormEvent) => {
        // The drawer renders in a portal, but React would still bubble its submit to any form around the page.
        e.stopPropagation();
        onSubmit(e);
      }}
      sx={sx}
    >
      {children}
    </Box>
  );
}

interface DrawerProps {
  open: boolean;
  title: string;
  /** Spec 1 §9 width in px (full width on phones). */
  width: number;
  /** Asked to close (Escape, the backdrop, the close button, Cancel): the caller decides. */
  onClose(): void;
  /** When given, the body and footer are one form and Enter submits it. */
  onSubmit?(event: FormEvent): void;
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A customer drawer with a header bar (its title and 'Close {title}'), a body that scrolls and a
 * footer bar: the integration, webhook, retailer and subscription drawers.
 */
export function FormDrawer({ open, title, width, onClose, onSubmit, footer, children }: DrawerProps) {
  const titleId = useId();
  const body = (
    <>
      <Box sx={{ px: 3, py: 2.5, flexGrow: 1, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 2.5 }}>{children}</Box>
      {footer && <Box sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider', display: 'flex', gap: 1.5, justifyContent: 'flex-end', alignItems: 'center' }}>{footer}</Box>}
    </>
  );
  return (
    <DrawerFrame open={open} width={width} titleId={titleId} onClose={onClose}>
      <Box sx={{ px: 3, py: 2, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography id={titleId} variant="h2" component="h2">
          {title}
        </Typography>
        <IconButton aria-label={`Close ${title}`} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      {onSubmit ? (
        <DrawerForm onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
          {body}
        </DrawerForm>
      ) : (
        body
      )}
    </DrawerFrame>
  );
}

export interface PlainDrawerProps extends DrawerProps {
  /** The heading's id, when something else in the drawer refers to it; otherwise one is made. */
  titleId?: string;
  /** Under the title, tight: whom the drawer is about. */
  subtitle?: ReactNode;
  /** Under the title, a little apart: what the drawer does. */
  intro?: ReactNode;
  /** A 'Close' button beside the heading. */
  closeButton?: boolean;
  /** Space between the body's parts (theme spacing). */
  gap?: number;
}

/**
 * A customer drawer without bars: the heading (with its subtitle, and a Close button when asked)
 * starts the padded body, and the footer, if any, sits at the bottom of the drawer. Documents,
 * Users, Invite User and Add/Edit Integration.
 */
export function PlainDrawer({ open, title, titleId, subtitle, intro, width, onClose, closeButton, onSubmit, footer, gap = 2, children }: PlainDrawerProps) {
  const ownId = useId();
  const id = titleId ?? ownId;
  const heading = (
    <Box sx={closeButton ? { flex: 1, minWidth: 0 } : undefined}>
      <Typography id={id} variant="h2" component="h2">
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary">
          {subtitle}
        </Typography>
      )}
      {intro && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {intro}
        </Typography>
      )}
    </Box>
  );
  const content = (
    <>
      {closeButton ? (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          {heading}
          <IconButton aria-label="Close" onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        </Box>
      ) : (
        heading
      )}
      {children}
      {footer && <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 'auto' }}>{footer}</Box>}
    </>
  );
  // With a footer the body fills the drawer, so the footer can sit at its bottom.
  const sx = { p: 3, display: 'flex', flexDirection: 'column', gap, ...(footer ? { height: '100%' } : {}) } as const;
  return (
    <DrawerFrame open={open} width={width} titleId={id} onClose={onClose}>
      {onSubmit ? (
        <DrawerForm onSubmit={onSubmit} sx={sx}>
          {content}
        </DrawerForm>
      ) : (
        <Box sx={sx}>{content}</Box>
      )}
    </DrawerFrame>
  );
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
