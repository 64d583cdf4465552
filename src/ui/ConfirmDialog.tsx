import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface ConfirmDialogProps {
  open: boolean;
  /** Prefix of the title's and text's element ids (`${id}-title`, `${id}-text`). */
  id: string;
  title: string;
  text: ReactNode;
  /** The button that keeps things as they are; it has the focus. */
  cancelLabel: string;
  /** The button that goes ahead (red). */
  confirmLabel: string;
  onCancel(): void;
  onConfirm(): void;
}

/**
 * A question before something that cannot be undone: the safe answer has the focus, the other is
 * red. Not react-admin's Confirm, which focuses the confirming button and has no error colour: for
 * Delete, Terminate and 'Quit Editing?' an Enter pressed by habit must not do the harm.
 */
export function ConfirmDialog({ open, id, title, text, cancelLabel, confirmLabel, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Delete asks first (the wording is not shown in the spec; ours): Cancel has the focus. `item` is
 * what would be deleted (null: closed) and `describe` says what deleting it means.
 */
export function ConfirmDeleteDialog<T>({
  item,
  id,
  title,
  describe,
  onCancel,
  onConfirm,
}: {
  item: T | null;
  id: string;
  title: string;
  describe(item: T): string;
  onCancel(): void;
  onConfirm(item: T): void;
}) {
  return (
    <ConfirmDialog
      open={item != null}
      id={id}
      title={title}
      text={item != null ? describe(item) : ''}
      cancelLabel="Cancel"
      confirmLabel="Delete"
      onCancel={onCancel}
      onConfirm={() => item != null && onConfirm(item)}
    />
  );
}
