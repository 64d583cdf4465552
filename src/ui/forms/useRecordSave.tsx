import { useCallback, useRef, type MutableRefObject, type ReactElement } from 'react';
import { useNotify, useSaveContext, type RaRecord } from 'react-admin';
import { failureText } from '../../../api/client';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import { conflictFromError } from '../../../dataProvider/conflict';
import { useConflictHandler } from '../../layout/ConflictDialog';
import { useActionGate } from '../useOneAction';

const hasFieldErrors = (error: unknown) => Object.keys((error as { body?: { errors?: object } } | null)?.body?.errors ?? {}).length > 0;

export interface RecordSaveOptions {
  /** The record's label: the title of the toasts ('Customer', 'Supplier'). */
  label: string;
  isNew: boolean;
  /** Success toasts of a create and of an edit. */
  created: string;
  saved: string;
  /** The toast when the save fails for another reason than a field or a conflict. */
  failure: string;
  /** The form's values as the record's create and update take them. */
  transform?(values: FieldValues): RaRecord | Partial<RaRecord>;
  /** How long the success toast stays (the toasts' default otherwise). */
  savedToastMs?: number;
  /** After the success toast: where to go next. */
  onSaved(record: RaRecord, values: FieldValues): void;
}

export interface RecordSave {
  /** The form's onSubmit: react-admin's save of the CreateBase/EditBase around it. */
  onSubmit: SubmitHandler<FieldValues>;
  /** The save's mutation is running (react-admin's save context). */
  saving: boolean;
  /** Filled by QuitGuard: called on success so leaving asks nothing. */
  allowLeaving: MutableRefObject<() => void>;
  /** Render next to the form. */
  conflictDialog: ReactElement;
}

/**
 * The save of a record form inside react-admin's CreateBase or EditBase (pessimistic): field
 * errors come back from save to the form under their fields, a 409 opens the conflict dialog, any
 * other failure is a toast; a success lets the user leave without 'Quit Editing?', says so and
 * goes on with `onSaved`. One save at a time, each carrying its action's Idempotency-Key
 * (useOneAction's gate), so Save clicked twice or Enter pressed twice saves once.
 */
export function useRecordSave({ label, isNew, created, saved, failure, transform, savedToastMs, onSaved }: RecordSaveOptions): RecordSave {
  const { save, saving } = useSaveContext();
  const notify = useNotify();
  const conflict = useConflictHandler();
  const allowLeaving = useRef<() => void>(() => undefined);
  const onConflict = conflict.mutationOptions.onError;
  const gate = useActionGate();
  const onSubmit = useCallback(
    async (values: FieldValues) => {
      const action = gate.start();
      if (!action) return undefined;
      let succeeded = false;
      try {
        // Field errors come back as save's answer, for the form to show under their fields.
        return await save?.(values, {
          meta: { action },
          ...(transform ? { transform } : {}),
          onSuccess: (record: RaRecord) => {
            succeeded = true;
            allowLeaving.current();
            notify(isNew ? created : saved, { type: 'success', title: label, autoHideDuration: savedToastMs });
            onSaved(record, values);
          },
          onError: (error: unknown, variables: unknown) => {
            if (conflictFromError(error)) return onConflict(error, variables);
            if (hasFieldErrors(error)) return;
            notify(failureText(error, failure), { type: 'error', title: label });
          },
        });
      } finally {
        gate.finish(succeeded);
      }
    },
    [gate, save, transform, label, isNew, created, saved, failure, savedToastMs, onSaved, notify, onConflict],
  );
  return { onSubmit, saving: Boolean(saving), allowLeaving, conflictDialog: conflict.dialog };
}
