import type { MouseEvent, ReactNode } from 'react';
import { Backdrop, Box, CircularProgress, Link, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES } from '../../domain/messages';

export interface BackLink {
  label: string;
  to: string;
  /** Navigation state for the page behind (for example the search it came from). */
  state?: unknown;
  /** Runs before navigating; call event.preventDefault() to stay (for example to ask 'Quit Editing?'). */
  onClick?(event: MouseEvent<HTMLAnchorElement>): void;
}

export interface PageFrameProps {
  title: string;
  back?: BackLink;
  /** Actions or summary shown to the right of the title. */
  header?: ReactNode;
  loading?: boolean;
  /** Covers the page while a change is saved, so nothing else can be started. */
  blocking?: boolean;
  children?: ReactNode;
}

/** The frame of every signed-in page (spec 1 §2 "Page frame"). */
export function PageFrame({ title, back, header, loading = false, blocking = false, children }: PageFrameProps) {
  return (
    <Box sx={{ position: 'relative', px: { xs: 2, md: 4 }, py: 3, maxWidth: 1400 }} aria-busy={loading || blocking || undefined}>
      {back && (
        <Link
          component={RouterLink}
          to={back.to}
          state={back.state}
          onClick={back.onClick}
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, mb: 1.5, fontWeight: 500 }}
        >
          <ArrowBackIcon fontSize="small" aria-hidden="true" />
          {back.label}
        </Link>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
        {/* The actions wrap under one another rather than push the page wider on a narrow window or at high zoom. */}
        {header && <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>{header}</Box>}
      </Box>
      {loading ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 6, justifyContent: 'center' }}>
          <CircularProgress size={28} aria-hidden="true" />
          <Typography color="text.secondary">{MESSAGES.loading}</Typography>
        </Box>
      ) : (
        children
      )}
      <Backdrop open={blocking} sx={{ position: 'fixed', zIndex: (theme) => theme.zIndex.modal - 1, color: '#fff' }}>
        {/* Only while blocking: a hidden spinner still redraws every frame, all the time the page is open. */}
        {blocking && <CircularProgress color="inherit" aria-label="Please wait" />}
      </Backdrop>
    </Box>
  );
}

/** The body of a page whose content arrives with a later release. Says so; shows no data. */
export function NotYetAvailable() {
  return (
    <Box sx={{ border: '1px dashed', borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper', p: 4, color: 'text.secondary' }}>
      <Typography>This page is not available yet.</Typography>
    </Box>
  );
}
