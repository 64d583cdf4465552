import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/**
 * Confirmation before an import changes the network (the spec shows no wording; ours names the
 * file and the network it changes, and offers Cancel first).
 */
export function ImportConfirmDialog({ fileName, network, onCancel, onConfirm }: { fileName: string | null; network: string; onCancel(): void; onConfirm(): void }) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={fileName !== null} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Import network file</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{`Are you sure you want to import ${fileName ?? ''} into ${network}? The changes in the file are applied at once.`}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm}>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
