import { useState } from 'react';
import { Button } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useDataProvider, useRefresh } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import type { VerbParams } from '../../domain/resources/types';
import { useToast } from '../layout/Toasts';
import { ConfirmDialog } from './ConfirmDialog';

export interface TerminateButtonProps {
  /** The declared resource whose terminate command runs, with `params` (its id, version…). */
  resource: string;
  params: VerbParams;
  /** The record's label in toasts and the dialog's title ('Customer', 'Supplier'). */
  label: string;
  /** The spec's question and success text. */
  question: string;
  done: string;
  /** Where to go once terminated (the area's search). */
  after: string;
  disabled: boolean;
  onBusy(busy: boolean): void;
}

/**
 * Terminate with its confirmation (spec 1 §2 Customer Details, spec 2 §2.1 Supplier Information):
 * No keeps the focus; Yes runs the resource's terminate command, then the search shows the success.
 * The caller disables it while the page is busy (spec 2 §4: disabled while terminating or fetching).
 */
export function TerminateButton({ resource, params, label, question, done, after, disabled, onBusy }: TerminateButtonProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const confirm = async () => {
    setOpen(false);
    onBusy(true);
    try {
      await dataProvider.command(resource, 'terminate', params);
      toast.success(label, done);
      refresh();
      navigate(after);
    } catch (err) {
      onBusy(false);
      toast.failure(label, err, `The ${label.toLowerCase()} could not be terminated.`);
    }
  };
  return (
    <>
      <Button variant="outlined" color="error" disabled={disabled} onClick={() => setOpen(true)}>
        Terminate
      </Button>
      <ConfirmDialog
        open={open}
        id="terminate"
        title={`Terminate ${label.toLowerCase()}`}
        text={question}
        cancelLabel="No"
        confirmLabel="Yes"
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
}
