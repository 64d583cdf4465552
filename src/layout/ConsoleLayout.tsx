import { Component, Suspense, useEffect, useRef, useState, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Navigate, useLocation } from 'react-router-dom';
import { useLogout, useRefresh } from 'react-admin';
import { loadSession } from '../../authProvider';
import { ConsoleSidebar } from './ConsoleSidebar';
import { Header } from './Header';
import { ErrorNotice } from './ErrorNotice';
import { LoadingScreen } from './LoadingScreen';
import { SessionExpiry } from './SessionExpiry';
import { UpdateModal } from './UpdateModal';
import { BusyNotice } from './BusyNotice';
import { useSessionState } from './useSession';

/** A page that fails (for example its code did not load) leaves the shell usable. */
class PageErrorBoundary extends Component<{ children: ReactNode; pathname: string }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidUpdate(prev: { pathname: string }) {
    // Going elsewhere clears the error without remounting the rest of the shell.
    if (prev.pathname !== this.props.pathname && this.state.error) this.setState({ error: null });
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  render() {
    if (!this.state.error) return this.props.children;
    return <ErrorNotice error={this.state.error} />;
  }
}

/**
 * The session ended without Logout (the server ended it, or there was none): out through
 * react-admin's logout all the same, which empties its store and query cache, so whoever signs in
 * next sees none of this session's answers. (Logout itself went that way already, to '/'.)
 */
function SessionEnded() {
  const logout = useLogout();
  useEffect(() => {
    void logout({}, '/login', false);
  }, [logout]);
  return <LoadingScreen />;
}

/**
 * When another admin signs in, or the role of this one changes, react-admin's cached answers
 * (canAccess among them) are read again, so the sidebar and guards follow the new permissions.
 */
function useRefreshOnNewIdentity(identity: string | null): void {
  const refresh = useRefresh();
  const last = useRef(identity);
  useEffect(() => {
    if (identity === null) return;
    if (last.current !== null && last.current !== identity) refresh();
    last.current = identity;
  }, [identity, refresh]);
}

/**
 * Focus taken away with the control that held it (a Save that opens the saved record, an action
 * whose button goes once done, a dialog whose opener has gone) goes to the content, not the body,
 * so that Tab goes on from the page instead of from the top.
 */
function useFocusRescue() {
  useEffect(() => {
    let last: Element | null = null;
    const onFocusIn = (e: FocusEvent) => {
      last = e.target as Element;
    };
    const observer = new MutationObserver(() => {
      if (last && !last.isConnected && (!document.activeElement || document.activeElement === document.body)) {
        last = null;
        document.getElementById('main-content')?.focus({ preventScroll: true });
      }
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, []);
}

/**
 * The signed-in shell (spec 1 §2): sidebar, header, content. It also guards every path inside it:
 * without a full session the user goes to /login ('/' after choosing to sign out).
 */
export function ConsoleLayout({ children }: { children?: ReactNode }) {
  const { status, session, reason } = useSessionState();
  const { pathname } = useLocation();
  // Below 900 px the sidebar would leave the page too little room: it opens from the header instead.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname, narrow]);
  useRefreshOnNewIdentity(session ? `${session.user.uid}:${session.role}` : null);

  useFocusRescue();

  // Each navigation re-checks the session (answered from memory for a few seconds).
  useEffect(() => {
    loadSession().catch(() => {
      /* network or server failure: the banner shows; stay where we are */
    });
  }, [pathname]);

  if (status === 'unknown') return <LoadingScreen />;
  if (status === 'signed-out' || !session) return reason === 'logout' ? <Navigate to="/" replace /> : <SessionEnded />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          boxShadow: 2,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Link>
      <ConsoleSidebar drawer={narrow ? { open: menuOpen, onClose: () => setMenuOpen(false) } : undefined} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Header menu={narrow ? { open: menuOpen, onOpen: () => setMenuOpen(true) } : undefined} />
        <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
          <PageErrorBoundary pathname={pathname}>
            <Suspense fallback={<LoadingScreen fullHeight={false} />}>{children}</Suspense>
          </PageErrorBoundary>
        </Box>
      </Box>
      <SessionExpiry />
      <UpdateModal />
      <BusyNotice />
    </Box>
  );
}
