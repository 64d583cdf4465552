import { useEffect, useRef, useState } from 'react';
import { Box, Button } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { COPY_HINT_MS } from '../../domain/constants';

/** Writes text to the clipboard; falls back to a hidden selection where the Clipboard API is missing. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

/**
 * A copy-to-clipboard button with the 'Copied!' hint for `resetMs` (500 ms, spec 1 §9; the support
 * drawers' 1300 ms, spec 3 §9), announced politely.
 */
export function CopyButton({ text, label, resetMs = COPY_HINT_MS, size }: { text: string; label: string; resetMs?: number; size?: 'small' | 'medium' }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await copyText(text);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), resetMs);
    } catch {
      // Leave the text selectable and say so; the hint stays until the next try.
      setState('failed');
    }
  };
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Button variant="outlined" size={size} startIcon={<ContentCopyIcon />} onClick={copy}>
        {label}
      </Button>
      <Box component="span" role="status" sx={{ color: state === 'failed' ? 'error.main' : 'success.main', fontWeight: 600, minWidth: 64 }}>
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed: select the text and copy it' : ''}
      </Box>
    </Box>
  );
}
