import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, AlertTitle, Box, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useNotificationContext, useTranslate, type NotificationPayload, type NotificationType } from 'react-admin';
import { useAnyDrawerOpen } from './openDrawers';

/**
 * The console's toasts (spec 1 §2): react-admin's notifications, each with a title and a message.
 * Screens raise them with react-admin's useNotify, the title among the options:
 *
 *   notify(message, { type: 'success', title: 'Customer Saved' });
 *
 * `autoHideDuration` sets how long one stays (errors and warnings stay a little longer by default).
 * Rendered inside react-admin's context (src/App.tsx), so react-admin's own notifications show the same way.
 */
const DEFAULT_MS = 6_000;
const ERROR_MS = 8_000;
/** Keep the stack short: the newest four are enough to read. */
const SHOWN = 4;

/** Titles of react-admin's own notifications, which carry none. */
const RA_TITLES: Record<NotificationType, string> = { success: 'Done', info: 'Information', warning: 'Warning', error: 'Error' };

/**
 * The toasts' own element directly under <body>. An open drawer or dialog marks every other child of
 * <body> aria-hidden, which would silence toasts raised from inside it (a save in a drawer), so this
 * element takes the mark off again: toasts stay announced over any drawer.
 */
function useToastRoot(): HTMLElement | null {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const el = document.createElement('div');
    el.id = 'toast-root';
    document.body.appendChild(el);
    const observer = new MutationObserver(() => {
      if (el.getAttribute('aria-hidden') === 'true') el.removeAttribute('aria-hidden');
    });
    observer.observe(el, { attributes: true, attributeFilter: ['aria-hidden'] });
    setRoot(el);
    return () => {
      observer.disconnect();
      el.remove();
    };
  }, []);
  return root;
}

/** Stable keys for notifications, which react-admin keeps as plain objects without ids. */
const keys = new WeakMap<NotificationPayload, number>();
let nextKey = 1;
function keyOf(n: NotificationPayload): number {
  let key = keys.get(n);
  if (key === undefined) keys.set(n, (key = nextKey++));
  return key;
}

/** The live region a toast is announced in: errors and warnings interrupt, the rest wait their turn. */
const regionOf = (type: NotificationType): 'alert' | 'status' => (type === 'error' || type === 'warning' ? 'alert' : 'status');

export function Notifications() {
  const root = useToastRoot();
  const { notifications, setNotifications } = useNotificationContext();
  const drawerOpen = useAnyDrawerOpen();
  const dismiss = (n: NotificationPayload) => setNotifications((list) => list.filter((m) => m !== n));
  // Older ones beyond the newest four go at once rather than waiting for their time.
  useEffect(() => {
    if (notifications.length > SHOWN) setNotifications((list) => list.slice(-SHOWN));
  }, [notifications, setNotifications]);
  if (!root) return null;
  const shown = notifications.slice(-SHOWN);
  return createPortal(
    <Box
      sx={{
        // Top centre: clear of the drawers' close buttons and the header's account menu. While a
        // drawer is open its heading is up there, so bottom left, clear of its footer's buttons
        // (on the right) too.
        position: 'fixed',
        ...(drawerOpen ? { bottom: 16, left: 16 } : { top: 16, left: '50%', transform: 'translateX(-50%)' }),
        zIndex: (theme) => theme.zIndex.snackbar,
        width: 'min(400px, calc(100vw - 32px))',
        pointerEvents: 'none',
      }}
    >
      {/*
        Two live regions that exist before any toast arrives, so screen readers announce each toast
        once: errors and warnings in the assertive one (role alert), the rest in the polite one
        (role status). The toasts themselves are not live regions too: a live region inside
        another is announced twice.
      */}
      {(['alert', 'status'] as const).map((region) => (
        <Box key={region} role={region} sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, '&:not(:empty)': { mb: 1.25 } }}>
          {shown
            .filter((n) => regionOf(n.type) === region)
            .map((n) => (
              <Toast key={keyOf(n)} notification={n} onDismiss={dismiss} />
            ))}
        </Box>
      ))}
    </Box>,
    root,
  );
}

/** One toast: its title, message and a dismiss button; announced by the region around it. */
function Toast({ notification: n, onDismiss }: { notification: NotificationPayload; onDismiss(n: NotificationPayload): void }) {
  const translate = useTranslate();
  const options = n.notificationOptions ?? {};
  const ms = options.autoHideDuration ?? (n.type === 'error' || n.type === 'warning' ? ERROR_MS : DEFAULT_MS);
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(n), ms);
    return () => clearTimeout(timer);
    // One timer per toast, from when it shows.
  }, [n]);
  const title = typeof options.title === 'string' ? options.title : RA_TITLES[n.type];
  // react-admin's own messages are translation keys; ours are the spec's texts and stay as they are.
  const message = typeof n.message === 'string' && !options.title ? translate(n.message, { _: n.message, ...(options.messageArgs ?? {}) }) : n.message;
  if (!message) return null;
  return (
    <Alert
      role="none"
      severity={n.type}
      variant="standard"
      action={
        <IconButton aria-label={`Dismiss: ${title}`} size="small" color="inherit" onClick={() => onDismiss(n)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      }
      sx={{
        pointerEvents: 'auto',
        boxShadow: '0 6px 20px rgba(18, 38, 63, 0.16)',
        border: '1px solid',
        borderColor: 'divider',
      }}
    >
      <AlertTitle sx={{ mb: 0.25 }}>{title}</AlertTitle>
      {message}
    </Alert>
  );
}
