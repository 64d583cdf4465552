import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Alert, AlertTitle, Box, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { useNotificationContext, useTranslate } from 'react-admin';
import { failureText } from '../../api/client';
import { useAnyDrawerOpen } from './openDrawers';

/** Toast types of spec 1 §2 "Session and release modals". */
export type ToastType = 'success' | 'error' | 'open' | 'info' | 'warning';

export interface ToastInput {
  type: ToastType;
  title: string;
  message: string;
  /** Milliseconds on screen; errors stay a little longer by default. */
  durationMs?: number;
}

interface Toast extends ToastInput {
  id: number;
}

/** Each raising call answers the toast's id, for dismiss. */
export interface ToastApi {
  show(toast: ToastInput): number;
  success(title: string, message: string): number;
  error(title: string, message: string): number;
  info(title: string, message: string): number;
  warning(title: string, message: string): number;
  open(title: string, message: string): number;
  /** An error toast for a failed call: its message, or `fallback` where the banner already spoke (failureText). */
  failure(title: string, err: unknown, fallback: string): number;
  /** Takes a toast away before its time, once what it says no longer holds. */
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The one way any screen raises a toast. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}

const DEFAULT_MS = 6_000;
const ERROR_MS = 8_000;

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

export function ToastProvider({ children }: { children: ReactNode }) {
  const root = useToastRoot();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback(
    (input: ToastInput) => {
      const id = nextId.current++;
      // Keep the stack short: the newest four are enough to read.
      setToasts((list) => [...list.slice(-3), { ...input, id }]);
      const ms = input.durationMs ?? (input.type === 'error' || input.type === 'warning' ? ERROR_MS : DEFAULT_MS);
      timers.current.set(id, setTimeout(() => dismiss(id), ms));
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const map = timers.current;
    return () => map.forEach((t) => clearTimeout(t));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (title, message) => show({ type: 'success', title, message }),
      error: (title, message) => show({ type: 'error', title, message }),
      info: (title, message) => show({ type: 'info', title, message }),
      warning: (title, message) => show({ type: 'warning', title, message }),
      open: (title, message) => show({ type: 'open', title, message }),
      failure: (title, err, fallback) => show({ type: 'error', title, message: failureText(err, fallback) }),
      dismiss,
    }),
    [show, dismiss],
  );
  const drawerOpen = useAnyDrawerOpen();

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/*
        Two live regions that exist before any toast arrives, so screen readers announce each toast
        once: errors and warnings in the assertive one (role alert), the rest in the polite one
        (role status). The toasts themselves are not live regions too: a live region inside
        another is announced twice.
      */}
      {root && createPortal(<Box
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
        {(['alert', 'status'] as const).map((region) => (
          <Box key={region} role={region} sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, '&:not(:empty)': { mb: 1.25 } }}>
            {toasts.filter((t) => regionOf(t.type) === region).map((t) => (
              <ToastAlert key={t.id} toast={t} onDismiss={dismiss} />
            ))}
          </Box>
        ))}
      </Box>, root)}
    </ToastContext.Provider>
  );
}

/** The live region a toast is announced in: errors and warnings interrupt, the rest wait their turn. */
const regionOf = (type: ToastType): 'alert' | 'status' => (type === 'error' || type === 'warning' ? 'alert' : 'status');

/** One toast: its title, message and a dismiss button; announced by the region around it. */
function ToastAlert({ toast: t, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  return (
    <Alert
      role="none"
      severity={t.type === 'open' ? 'info' : t.type}
      variant="standard"
      icon={t.type === 'open' ? <CampaignOutlinedIcon fontSize="inherit" /> : undefined}
      action={
        <IconButton aria-label={`Dismiss: ${t.title}`} size="small" color="inherit" onClick={() => onDismiss(t.id)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      }
      sx={{
        pointerEvents: 'auto',
        boxShadow: '0 6px 20px rgba(18, 38, 63, 0.16)',
        border: '1px solid',
        borderColor: 'divider',
        ...(t.type === 'open' ? { bgcolor: '#eef1f5', color: 'text.primary' } : {}),
      }}
    >
      <AlertTitle sx={{ mb: 0.25 }}>{t.title}</AlertTitle>
      {t.message}
    </Alert>
  );
}

const RA_TITLES = { success: 'Done', info: 'Information', warning: 'Warning', error: 'Error' } as const;

/** react-admin's own notifications (its forms and hooks) go through the same toasts. */
export function ReactAdminNotifications() {
  const { notifications, takeNotification } = useNotificationContext();
  const toast = useToast();
  const translate = useTranslate();
  useEffect(() => {
    if (notifications.length === 0) return;
    const n = takeNotification();
    if (!n) return;
    const message = typeof n.message === 'string' ? translate(n.message, { _: n.message, ...(n.notificationOptions?.messageArgs ?? {}) }) : '';
    if (message) toast.show({ type: n.type, title: RA_TITLES[n.type], message });
  }, [notifications, takeNotification, toast, translate]);
  return null;
}
