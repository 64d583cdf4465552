import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import type { FileDownloadResponse } from '../../domain/network';
import { downloadFile } from './saveDownload';

/**
 * A download of one stored file. `name` is the accessible name (it says which file), `label` the
 * visible text; errors become a toast with the wrapped download message.
 */
export function DownloadButton({ label, name, call, disabled }: { label: string; name: string; call: () => Promise<FileDownloadResponse>; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const run = async () => {
    setBusy(true);
    const problem = await downloadFile(call);
    setBusy(false);
    if (problem) notify(problem, { type: 'error', title: 'Download' });
  };
  return (
    <Button
      size="small"
      variant="text"
      aria-label={name}
      disabled={disabled || busy}
      onClick={run}
      startIcon={busy ? <CircularProgress size={14} aria-hidden="true" /> : <DownloadIcon fontSize="small" aria-hidden="true" />}
    >
      {label}
    </Button>
  );
}
