import { useState } from 'react';
import { Button } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useDataProvider, useRefresh } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { useToast } from '../../../src/layout/Toasts';
import { SEARCH } from '../paths';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';

/** Terminate with its confirmation (spec 1 §2 Customer Details). */
export function TerminateButton({ id, version, disabled, onBusy }: { id: string; version: number; disabled: boolean; onBusy(busy: boolean): void }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const confirm = async () => {
    setOpen(false);
    onBusy(true);
    try {
      await dataProvider.command('customer', 'terminate', { id, version });
      toast.success('Customer', 'This customer has been Terminated');
      refresh();
      navigate(SEARCH);
    } catch (err) {
      onBusy(false);
      toast.failure('Customer', err, 'The customer could not be terminated.');
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
        title="Terminate customer"
        text="Are you sure you want to terminate this customer record?"
        cancelLabel="No"
        confirmLabel="Yes"
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
}
