import { useCallback, useMemo } from 'react';
import { useRefresh, useNotify } from 'react-admin';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { RaRecord } from 'react-admin';
import { isHttpError, failureText } from '../../../api/client';
import { conflictFromError } from '../../../dataProvider/conflict';
import { useConflictHandler } from '../../layout/ConflictDialog';
import { domainResolver } from './domainResolver';
import { useQuitDialog } from '../QuitDialog';
import { CancelSaveButtons } from '../CancelSaveButtons';
import { useOneAction, type Acting } from '../useOneAction';

/**
 * Saving one part of a record (a customer's webhooks, a supplier's escalation contact) at the
 * version the page shows. A 409 opens the console's conflict dialog (Reload refetches the record;
 * the drawer's form keeps what was typed), field errors go next to their fields, anything else is
 * an error toast. One save at a time (useOneAction): `run` resolves true when saved, false when
 * not or when a save was already running; `saving` while it runs.
 */
export function useVersionedSave<T extends FieldValues>(form: UseFormReturn<T>, record: RaRecord, title: string) {
  const conflict = useConflictHandler();
  const notify = useNotify();
  const refresh = useRefresh();
  const action = useOneAction((save: (acting: Acting) => Promise<unknown>, acting) => save(acting));
  const perform = action.run;
  const run = useCallback(
    async (save: (acting: Acting) => Promise<unknown>, typed: T, success: string, failed = 'Your changes could not be saved.'): Promise<boolean> => {
      try {
        if (!(await perform(save))) return false;
        notify(success, { type: 'success', title });
        // The page's live topic refetches too; this covers a missed message.
        refresh();
        return true;
      } catch (err) {
        if (conflictFromError(err)) {
          conflict.mutationOptions.onError(err, { data: typed, previousData: record });
        } else if (isHttpError(err) && err.body?.errors && Object.keys(err.body.errors).length > 0) {
          for (const [path, message] of Object.entries(err.body.errors as Record<string, string>)) form.setError(path as Path<T>, { message }, { shouldFocus: true });
        } else {
          notify(failureText(err, failed), { type: 'error', title });
        }
        return false;
      }
    },
    [perform, conflict.mutationOptions, record, form, refresh, title, notify],
  );
  return { run, saving: action.isPending, conflictDialog: conflict.dialog };
}

export interface VersionedFormOptions<T extends FieldValues> {
  /** The record as the page shows it: its version is the one saved at, and a conflict compares with it. */
  record: RaRecord;
  /** Checks the values before saving (module-level, so it stays the same). */
  schema: z.ZodType;
  /** The form's values from the record as the page shows it (memoised on the record). */
  initial: T;
  /** The drawer's title, also the title of its toasts. */
  title: string;
  /** Saves the values at `record.version`, making its calls as `acting` says. */
  save(values: T, acting: Acting): Promise<unknown>;
  /** The success toast's text. */
  saved: string;
  /** What a failure says when the error carries no message of its own; a generic text otherwise. */
  failed?: string;
  onClose(): void;
}

/**
 * The form of a drawer that saves one part of a record at the page's version (useVersionedSave).
 * Its values follow the record (a reload after a conflict) but keep what the user changed;
 * closing with changes asks 'Quit Editing?'; a successful save closes the drawer. Spread `drawer`
 * on FormDrawer (close handling, submit, Cancel and Save) and render `dialogs` next to it.
 */
export function useVersionedDrawerForm<T extends FieldValues>({ record, schema, initial, title, save, saved, failed, onClose }: VersionedFormOptions<T>) {
  const resolver = useMemo(() => domainResolver<T>(schema), [schema]);
  const form = useForm<T>({ resolver, values: initial, resetOptions: { keepDirtyValues: true } });
  const { run, saving, conflictDialog } = useVersionedSave(form, record, title);
  const { requestClose, dialog } = useQuitDialog(form.formState.isDirty, onClose);

  const submit = form.handleSubmit(async (values) => {
    if (await run((acting) => save(values, acting), values, saved, failed)) onClose();
  });

  return {
    form,
    drawer: { onClose: requestClose, onSubmit: submit, footer: <CancelSaveButtons onCancel={requestClose} saveDisabled={saving || form.formState.isSubmitting} /> },
    dialogs: (
      <>
        {dialog}
        {conflictDialog}
      </>
    ),
  };
}
