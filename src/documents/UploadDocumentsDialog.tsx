import { useState, type DragEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_FILES, type DocumentOwner } from '../../domain/documents';
import { useSessionState } from '../layout/useSession';
import { useQuitDialog } from '../ui/QuitDialog';
import { CancelSaveButtons } from '../ui/CancelSaveButtons';
import { useDocumentUploads } from './useDocumentUploads';
import { UploadEntryRow } from './UploadEntryRow';

/** What the modal says it takes (spec 1 §5, §9). */
const LIMITS_HINT = `PNG or JPEG under 10 MB, PDF under 2 MB. Up to ${DOCUMENT_MAX_FILES} files at once, each with a label.`;

export interface UploadDocumentsDialogProps {
  owner: DocumentOwner;
  /** Shown under the title: whose documents these are. */
  ownerName: string;
  /** Called after each document is added (the list also refreshes live). */
  onUploaded(): void;
  onClose(): void;
}

/**
 * The Upload Documents modal (spec 1 §2, §4, §5). Mounted only while open, so every opening starts
 * empty. Closing with files chosen but not uploaded asks 'Quit Editing?'; while a file is being
 * sent it cannot be closed. Once every file is uploaded it stays open showing each one done, until
 * the user closes it (ours: so the outcome of every file can be read).
 */
export function UploadDocumentsDialog({ owner, ownerName, onUploaded, onClose }: UploadDocumentsDialogProps) {
  const user = useSessionState().session?.user;
  const uploads = useDocumentUploads(owner, user, onUploaded);
  const [dragging, setDragging] = useState(false);
  const full = uploads.entries.length >= DOCUMENT_MAX_FILES;

  const quit = useQuitDialog(uploads.unsent, onClose);
  const close = () => {
    if (!uploads.busy) quit.requestClose();
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploads.busy) void uploads.addFiles([...event.dataTransfer.files]);
  };
  const submit = async () => {
    const ok = await uploads.upload();
    // A missing label: put the cursor where the message is.
    if (!ok) document.querySelector<HTMLInputElement>('[aria-invalid="true"][id^="document-label-"]')?.focus();
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="upload-documents-title" aria-describedby="upload-documents-hint">
      <DialogTitle id="upload-documents-title">
        Upload Documents
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {ownerName}
        </Typography>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            if (!uploads.busy && !full) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            border: '2px dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'transparent',
            borderRadius: 1,
            p: 2.5,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 1,
            textAlign: 'center',
            // The real file input is visually hidden; its focus ring shows on its visible label.
            '& input:focus-visible + label': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          <Typography variant="body2">Drag and drop files here, or</Typography>
          <input
            id="upload-documents-input"
            type="file"
            multiple
            accept={DOCUMENT_ACCEPT}
            disabled={uploads.busy || full}
            aria-describedby="upload-documents-hint"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              // Choosing the same file again must fire change again.
              e.target.value = '';
              void uploads.addFiles(files);
            }}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          />
          <Button component="label" htmlFor="upload-documents-input" variant="outlined" startIcon={<UploadFileIcon />} disabled={uploads.busy || full}>
            Choose files
          </Button>
          <Typography id="upload-documents-hint" variant="caption" color="text.secondary">
            {LIMITS_HINT}
          </Typography>
        </Box>
        {uploads.notice && (
          <Alert severity="error" role="alert">
            {uploads.notice}
          </Alert>
        )}
        {uploads.entries.length > 0 && (
          <Box component="ul" aria-label="Chosen files" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {uploads.entries.map((entry) => (
              <UploadEntryRow
                key={entry.key}
                entry={entry}
                locked={uploads.busy}
                onLabel={uploads.setLabel}
                onLabelBlur={uploads.touchLabel}
                onRemove={uploads.remove}
                onRetry={(key) => void uploads.upload([key])}
              />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {uploads.allDone ? (
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        ) : (
          <CancelSaveButtons
            onCancel={close}
            cancelDisabled={uploads.busy}
            saveLabel="Upload"
            onSave={() => void submit()}
            saveDisabled={uploads.busy || !uploads.unsent}
            loading={uploads.busy}
          />
        )}
      </DialogActions>
      {quit.dialog}
    </Dialog>
  );
}
