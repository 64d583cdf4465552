import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormHelperText,
  IconButton,
  LinearProgress,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { ReactNode } from 'react';
import { CSV_ACCEPT } from '../../domain/network';
import { isHttpError } from '../../api/client';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useOneAction } from './useOneAction';
import { FilePicker } from './inputs/FilePicker';

/** The wording of spec 1 §8 for an upload that never reached the server. */
export const UPLOAD_NETWORK_ERROR = 'Upload failed due to a network error. Please try again.';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface UploadFileDialogProps {
  open: boolean;
  title: string;
  /** What the file must be, under the title. */
  help: string;
  onClose(): void;
  onUploaded(fileName: string): void;
  /** Another upload or an import is in progress: Upload is disabled. */
  disabled: boolean;
  /** The client checks of the chosen files: the message to show next to the field, or null. */
  check(files: readonly File[] | File | null): string | null;
  /** Sends the file through `dataProvider` (the upload's, carrying its Idempotency-Key), reporting progress; rejects with the server's error. */
  send(input: { file: File; onProgress(fraction: number): void; signal: AbortSignal }, dataProvider: ConsoleDataProvider): Promise<unknown>;
  /** Fields of the upload besides the file (shown first). */
  children?: ReactNode;
  /** Checks those fields when Upload is pressed; false stops the upload (they show their own errors). */
  beforeStart?(): boolean;
  /** A server error under another field than the file's: handed back for that field (true: shown there). */
  onFieldError?(field: string, message: string): boolean;
}

/**
 * An Upload dialog of one CSV file ('Select file', a remove button, an Upload action): the client
 * checks next to the field, progress while it uploads. On success it closes and forgets the file;
 * Cancel during an upload stops it. One upload per click (useOneAction): the same file sent again
 * after a failure or a cancel keeps its Idempotency-Key. The network import's and file
 * validation's uploads use it.
 */
export function UploadFileDialog({ open, title, help, onClose, onUploaded, disabled, check, send, children, beforeStart, onFieldError }: UploadFileDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const helpId = useId();
  const problemId = useId();
  const sending = useOneAction(({ file, handle }: { file: File; handle: AbortController }, { dataProvider }) => {
    upload.current = handle;
    setProblem(null);
    setProgress(0);
    return send({ file, onProgress: setProgress, signal: handle.signal }, dataProvider);
  });
  const uploading = progress !== null || sending.isPending;

  // Each opening starts empty.
  useEffect(() => {
    if (open) {
      setFile(null);
      setProblem(null);
      setProgress(null);
    }
  }, [open]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    const message = check(chosen);
    setProblem(message);
    // A refused file is not kept: Upload then says what is missing.
    setFile(message ? null : chosen[0]);
  };

  const remove = () => {
    setFile(null);
    setProblem(null);
    input.current?.focus();
  };

  const close = () => {
    upload.current?.abort();
    upload.current = null;
    onClose();
  };

  const start = async () => {
    const fieldsOk = beforeStart ? beforeStart() : true;
    const message = check(file);
    if (message || !file) {
      setProblem(message);
      if (fieldsOk) input.current?.focus();
      return;
    }
    if (!fieldsOk) return;
    const handle = new AbortController();
    try {
      if (!(await sending.run({ file, handle }))) return;
      if (upload.current !== handle) return;
      upload.current = null;
      setFile(null);
      setProgress(null);
      onUploaded(file.name);
    } catch (err) {
      if (upload.current !== handle) return;
      upload.current = null;
      setProgress(null);
      if (err instanceof DOMException && err.name === 'AbortError') return;
      const fields = (isHttpError(err) ? err.body?.errors : undefined) as Record<string, string> | undefined;
      const other = fields && Object.entries(fields).find(([name]) => name !== 'file');
      if (!fields?.file && other && onFieldError?.(other[0], other[1])) return;
      setProblem(fields?.file ?? (isHttpError(err) && err.status === 0 ? UPLOAD_NETWORK_ERROR : (err as Error)?.message || UPLOAD_NETWORK_ERROR));
    }
  };

  const describedBy = [helpId, problem ? problemId : null].filter(Boolean).join(' ');

  return (
    <Dialog open={open} onClose={uploading ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={helpId} sx={{ mb: 2 }}>
          {help}
        </DialogContentText>
        {children}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <FilePicker
            ref={input}
            icon={<UploadFileIcon aria-hidden="true" fontSize="small" />}
            accept={CSV_ACCEPT}
            onChange={choose}
            disabled={uploading}
            aria-describedby={describedBy}
            aria-invalid={problem ? true : undefined}
          >
            Select file
          </FilePicker>
          {file ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <InsertDriveFileOutlinedIcon color="action" aria-hidden="true" />
              <Typography sx={{ overflowWrap: 'anywhere' }}>{file.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {sizeText(file.size)}
              </Typography>
              <IconButton size="small" aria-label={`Remove ${file.name}`} onClick={remove} disabled={uploading}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ) : (
            <Typography color="text.secondary">No file selected</Typography>
          )}
        </Box>
        {problem && (
          <FormHelperText id={problemId} error role="alert" sx={{ mt: 1, fontSize: '0.9rem' }}>
            {problem}
          </FormHelperText>
        )}
        {uploading && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress variant="determinate" value={Math.round((progress ?? 0) * 100)} aria-label="Upload progress" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} role="status">
              {`Uploading... ${Math.round((progress ?? 0) * 100)}%`}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={start} disabled={uploading || disabled}>
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
