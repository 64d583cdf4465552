import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** 'Quit Editing?' (spec 1 §2), for forms and editing drawers with unsaved changes. */
export function QuitDialog({ open, onStay, onQuit }: { open: boolean; onStay(): void; onQuit(): void }) {
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="quit-editing-title" aria-describedby="quit-editing-text">
      <DialogTitle id="quit-editing-title">Quit Editing?</DialogTitle>
      <DialogContent>
        <DialogContentText id="quit-editing-text">Changes you made so far will not be saved!</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onStay} autoFocus>
          Keep Editing
        </Button>
        <Button variant="contained" color="error" onClick={onQuit}>
          Quit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
