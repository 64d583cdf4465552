import { useId } from 'react';
import { Alert, Box, Button, CircularProgress, IconButton, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { DOCUMENT_LABEL_MAX, formatFileSize } from '../../domain/documents';
import { atLengthCap, lengthCapHint } from '../../domain/lengthCap';
import type { UploadEntry } from './useDocumentUploads';

const LABEL_CAP = { max: DOCUMENT_LABEL_MAX };
const TYPE_NAMES = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'application/pdf': 'PDF' } as const;

export interface UploadEntryRowProps {
  entry: UploadEntry;
  /** Another file is being sent: labels wait, nothing is removed. */
  locked: boolean;
  onLabel(key: string, label: string): void;
  onLabelBlur(key: string): void;
  onRemove(key: string): void;
  onRetry(key: string): void;
}

/** One chosen file: name, size, its required label, and its upload state (uploading, then done or error). */
export function UploadEntryRow({ entry, locked, onLabel, onLabelBlur, onRemove, onRetry }: UploadEntryRowProps) {
  const nameId = useId();
  const name = entry.file.name;
  const editable = !locked && (entry.status === 'pending' || entry.status === 'error');
  return (
    <Box component="li" aria-labelledby={nameId} sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={nameId} variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {TYPE_NAMES[entry.type]} · {formatFileSize(entry.file.size)}
          </Typography>
        </Box>
        <UploadState entry={entry} waiting={locked && entry.status !== 'done' && entry.status !== 'uploading'} />
        {entry.status !== 'done' && (
          <IconButton aria-label={`Remove ${name}`} size="small" disabled={!editable} onClick={() => onRemove(entry.key)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      <TextField
        id={`document-label-${entry.key}`}
        label="Document label"
        required
        size="small"
        value={entry.label}
        onChange={(e) => onLabel(entry.key, e.target.value)}
        onBlur={() => onLabelBlur(entry.key)}
        disabled={!editable}
        error={Boolean(entry.labelError)}
        helperText={entry.labelError ?? (atLengthCap(entry.label, LABEL_CAP) ? lengthCapHint(DOCUMENT_LABEL_MAX) : ' ')}
        slotProps={{ htmlInput: { maxLength: DOCUMENT_LABEL_MAX } }}
      />
      {entry.status === 'error' && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" disabled={locked} onClick={() => onRetry(entry.key)} aria-label={`Retry ${name}`}>
              Retry
            </Button>
          }
        >
          {entry.error}
        </Alert>
      )}
    </Box>
  );
}

function UploadState({ entry, waiting }: { entry: UploadEntry; waiting: boolean }) {
  if (waiting) {
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        Waiting…
      </Typography>
    );
  }
  if (entry.status === 'uploading') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
        <CircularProgress size={18} aria-label={`Uploading ${entry.file.name}`} />
        <Typography variant="body2">Uploading…</Typography>
      </Box>
    );
  }
  if (entry.status === 'done') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.main' }} role="status">
        <CheckCircleIcon fontSize="small" aria-hidden />
        <Typography variant="body2">Uploaded</Typography>
      </Box>
    );
  }
  return null;
}
