import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/** 'Quit Editing?' (spec 1 §2), for forms and editing drawers with unsaved changes. */
export function QuitDialog({ open, onStay, onQuit }: { open: boolean; onStay(): void; onQuit(): void }) {
  return (
    <ConfirmDialog
      open={open}
      id="quit-editing"
      title="Quit Editing?"
      text="Changes you made so far will not be saved!"
      cancelLabel="Keep Editing"
      confirmLabel="Quit"
      onCancel={onStay}
      onConfirm={onQuit}
    />
  );
}

/**
 * 'Quit Editing?' for a drawer or modal: `requestClose` calls `close` at once when nothing changed,
 * otherwise asks first. Render `dialog` next to the drawer or inside the modal.
 */
export function useQuitDialog(dirty: boolean, close: () => void) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : close());
  const dialog = (
    <QuitDialog
      open={asking}
      onStay={() => setAsking(false)}
      onQuit={() => {
        setAsking(false);
        close();
      }}
    />
  );
  return { requestClose, dialog };
}
