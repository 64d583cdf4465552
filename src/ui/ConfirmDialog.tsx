import type { ReactNode } from 'react';
import { DialogContentText } from '@mui/material';
import { Confirm } from 'react-admin';

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
  /** While the answer is being acted on: both buttons wait. */
  busy?: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/**
 * A question before something that cannot be undone: react-admin's Confirm, with the spec's texts
 * as they are (not translation keys), the going-ahead button red, and the focus on the safe answer
 * (Confirm focuses its confirming button): for Delete, Terminate and 'Quit Editing?' an Enter
 * pressed by habit must not do the harm. MUI's dialog traps the focus and gives it back on close.
 */
export function ConfirmDialog({ open, id, title, text, cancelLabel, confirmLabel, busy, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <Confirm
      isOpen={open}
      loading={busy}
      title={<span id={`${id}-title`}>{title}</span>}
      content={<DialogContentText id={`${id}-text`}>{text}</DialogContentText>}
      cancel={cancelLabel}
      confirm={confirmLabel}
      onClose={onCancel}
      onConfirm={onConfirm}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      // Confirm's button takes the focus as it mounts; the dialog's transition starts right after,
      // in the same commit, and hands it to Cancel (the first button) before any key can land.
      slotProps={{ transition: { onEnter: (node: HTMLElement) => node.querySelector<HTMLButtonElement>('.MuiDialogActions-root button')?.focus() } }}
      sx={{
        '& .MuiDialogActions-root': { px: 3, pb: 2 },
        '& .ra-confirm': { bgcolor: 'error.main', color: 'error.contrastText', '&:hover': { bgcolor: 'error.dark' } },
      }}
    />
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
