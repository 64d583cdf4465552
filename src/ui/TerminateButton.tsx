import { useState } from 'react';
import { failureText } from '../../api/client';
import { Button } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useRefresh, useNotify } from 'react-admin';
import type { VerbParams } from '../../domain/resources/types';
import { ConfirmDialog } from './ConfirmDialog';
import { useOneAction } from './useOneAction';

/** The key of a running termination: its page waits for it (useIsMutating({ mutationKey: TERMINATING })). */
export const TERMINATING = ['terminate'] as const;

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
}

/**
 * Terminate with its confirmation (spec 1 §2 Customer Details, spec 2 §2.1 Supplier Information):
 * No keeps the focus; Yes runs the resource's terminate command, then the search shows the success.
 * The caller disables it while the page is busy (spec 2 §4: disabled while terminating or fetching;
 * the page reads the terminating from react-query's running mutations).
 */
export function TerminateButton({ resource, params, label, question, done, after, disabled }: TerminateButtonProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const notify = useNotify();
  const refresh = useRefresh();
  const terminate = useOneAction((_: void, { dataProvider }) => dataProvider.command(resource, 'terminate', params), { mutationKey: TERMINATING });
  const confirm = async () => {
    setOpen(false);
    try {
      if (!(await terminate.run())) return;
      notify(done, { type: 'success', title: label });
      refresh();
      navigate(after);
    } catch (err) {
      notify(failureText(err, `The ${label.toLowerCase()} could not be terminated.`), { type: 'error', title: label });
    }
  };
  return (
    <>
      <Button variant="outlined" color="error" disabled={disabled || terminate.isPending || terminate.isSuccess} onClick={() => setOpen(true)}>
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
