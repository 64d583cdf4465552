import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';

/**
 * A box that scrolls sideways when its content (a wide table) is wider than the page, so the page
 * itself never does (WCAG 1.4.10, at 200 % zoom and on small windows). While it actually scrolls
 * it is a region named `label` that the keyboard can reach (Tab to it, then the arrow keys); while
 * everything fits it is a plain box, with no extra tab stop or landmark.
 */
export function ScrollRegion({ label, sx, children }: { label: string; sx?: SxProps<Theme>; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  const measure = useCallback(() => {
    const el = ref.current;
    if (el) setScrolls(el.scrollWidth > el.clientWidth + 1);
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    // The content changes width as rows arrive or change, without the box changing size.
    const content = new MutationObserver(measure);
    content.observe(el, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      content.disconnect();
    };
  }, [measure]);
  return (
    <Box
      ref={ref}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? label : undefined}
      tabIndex={scrolls ? 0 : undefined}
      // min-width 0 and max-width 100%: never wider than its parent, whatever the table needs.
      sx={[{ overflowX: 'auto', minWidth: 0, maxWidth: '100%' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}
