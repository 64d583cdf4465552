import { useCallback, useMemo, useState, type ReactElement } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useNotify, type HttpError, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { conflictFromError, describeConflict, displayValue, fieldLabel, type ConflictInfo, type FieldChange } from '../../dataProvider/conflict';
import { isHttpError } from '../../api/client';

export interface ConflictDialogProps {
  open: boolean;
  /** What someone else changed (describeConflict). */
  changes: FieldChange[];
  /** The record now carries a different status (terminated, say): saving may not be possible. */
  statusChanged?: boolean;
  /** Reload is bringing in the current record: the dialog stays until it has. */
  reloading?: boolean;
  onReload(): void;
  onKeepEditing(): void;
}

/**
 * Shown when a save is refused because someone else saved the record after it was opened.
 * Reload brings in their version while keeping what the user typed; Keep editing leaves the form
 * as it is (saving again will be refused until the record is reloaded).
 */
export function ConflictDialog({ open, changes, statusChanged, reloading = false, onReload, onKeepEditing }: ConflictDialogProps) {
  const clashes = changes.filter((c) => c.clash);
  return (
    <Dialog open={open} onClose={onKeepEditing} aria-labelledby="conflict-title" aria-describedby="conflict-text" maxWidth="sm" fullWidth>
      <DialogTitle id="conflict-title">Someone else has changed this record</DialogTitle>
      <DialogContent>
        <DialogContentText id="conflict-text" sx={{ mb: 2 }}>
          {statusChanged
            ? 'While you were editing, someone else changed the status of this record, so your changes were not saved.'
            : 'While you were editing, someone else saved changes to this record, so yours were not saved yet.'}{' '}
          Choose Reload to bring in their changes: everything you typed stays in the form, and you can
          check it and save again.
        </DialogContentText>
        {changes.length > 0 && (
          <Table size="small" aria-label="Changes made by someone else">
            <TableHead>
              <TableRow>
                <TableCell>Field</TableCell>
                <TableCell>When you opened it</TableCell>
                <TableCell>Now</TableCell>
                <TableCell>Your value</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.map((c) => (
                <TableRow key={c.field} selected={c.clash}>
                  <TableCell component="th" scope="row">
                    {fieldLabel(c.field)}
                  </TableCell>
                  <TableCell>{displayValue(c.was)}</TableCell>
                  <TableCell>{displayValue(c.now)}</TableCell>
                  <TableCell>{'yours' in c ? displayValue(c.yours) : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {clashes.length > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            You both changed {clashes.map((c) => fieldLabel(c.field)).join(', ')}. After Reload your value is kept
            for {clashes.length === 1 ? 'it' : 'them'}; check before saving, as saving replaces the other change.
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onKeepEditing} disabled={reloading}>
          Keep editing
        </Button>
        <Button variant="contained" onClick={onReload} disabled={reloading} autoFocus>
          Reload
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface ConflictState {
  info: ConflictInfo;
  previous: RaRecord | undefined;
  typed: Record<string, unknown> | undefined;
}

export interface ConflictHandler {
  /** Pass to <Edit mutationMode="pessimistic" mutationOptions={…}>. */
  mutationOptions: { onError: (error: unknown, variables: unknown, context?: unknown) => void };
  /**
   * Spread on the form (<SimpleForm {...formProps}>): when Reload brings in the current record,
   * react-admin resets the form to it but keeps every field the user has changed.
   */
  formProps: { resetOptions: { keepDirtyValues: true } };
  /** Render next to the form. */
  dialog: ReactElement;
  conflict: ConflictInfo | null;
}

/**
 * Conflict handling for a react-admin Edit in pessimistic mode: a 409 CONFLICT opens
 * ConflictDialog instead of an error toast; any other error gets react-admin's usual treatment.
 *
 *   const conflict = useConflictHandler();
 *   <Edit mutationMode="pessimistic" mutationOptions={conflict.mutationOptions}>
 *     <SimpleForm {...conflict.formProps}>…</SimpleForm>
 *     {conflict.dialog}
 *   </Edit>
 */
export function useConflictHandler(): ConflictHandler {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [state, setState] = useState<ConflictState | null>(null);
  const [reloading, setReloading] = useState(false);

  const onError = useCallback(
    (error: unknown, variables: unknown) => {
      const info = conflictFromError(error);
      if (!info) {
        // As react-admin does by default: field errors show on the form, anything else as a toast,
        // unless the banner has already said 'Error occurred from api.' for it.
        const fieldErrors = (error as HttpError | null)?.body?.errors;
        const announced = isHttpError(error) && error.body?.announced;
        if ((!fieldErrors || Object.keys(fieldErrors).length === 0) && !announced) {
          notify(typeof error === 'string' ? error : (error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
        }
        return;
      }
      const v = (variables ?? {}) as { data?: Record<string, unknown>; previousData?: RaRecord };
      setState({ info, previous: v.previousData, typed: v.data });
    },
    [notify],
  );

  const changes = useMemo(() => (state ? describeConflict(state.previous, state.info.current, state.typed) : []), [state]);

  // Refetching the Edit's record resets the form to it, keeping the fields the user changed
  // (formProps), and gives the next save the current version. The dialog closes only once the
  // record is in: a Save pressed sooner would still carry the old version and conflict again.
  // (What react-admin's refresh does, awaited.)
  const reload = useCallback(async () => {
    setReloading(true);
    // A refetch that fails leaves the old version: the next save then says so again.
    await queryClient.invalidateQueries().catch(() => undefined);
    setReloading(false);
    setState(null);
  }, [queryClient]);

  const dialog = (
    <ConflictDialog
      open={state !== null}
      changes={changes}
      statusChanged={state?.info.code === 'INVALID_STATUS'}
      reloading={reloading}
      onReload={() => void reload()}
      onKeepEditing={() => setState(null)}
    />
  );

  return {
    mutationOptions: { onError },
    formProps: { resetOptions: { keepDirtyValues: true } },
    dialog,
    conflict: state?.info ?? null,
  };
}
