import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { DocumentRecord } from '../../../domain/documents';

/** Delete asks first (the wording is not shown in the spec; ours). Cancel has the focus. */
export function DeleteDocumentDialog({ doc, onCancel, onConfirm }: { doc: DocumentRecord | null; onCancel(): void; onConfirm(doc: DocumentRecord): void }) {
  return (
    <Dialog open={Boolean(doc)} onClose={onCancel} aria-labelledby="delete-document-title" aria-describedby="delete-document-text">
      <DialogTitle id="delete-document-title">Delete document?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-document-text">
          {doc ? `'${doc.label}' (${doc.filename}) will be removed for good. Are you sure you want to delete this document?` : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => doc && onConfirm(doc)}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
