import { ConfirmDialog } from '../ConfirmDialog';

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
