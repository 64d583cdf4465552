import { useCallback, useMemo, useState } from 'react';
import { useRefresh } from 'react-admin';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { RaRecord } from 'react-admin';
import { isHttpError } from '../../../dataProvider/api';
import { conflictFromError } from '../../../dataProvider/conflict';
import { useConflictHandler } from '../../layout/ConflictDialog';
import { useToast } from '../../layout/Toasts';
import { domainResolver } from './domainResolver';
import { useQuitDialog } from '../QuitDialog';
import { CancelSaveButtons } from '../CancelSaveButtons';

/**
 * Saving one part of a record (a customer's webhooks, a supplier's escalation contact) at the
 * version the page shows. A 409 opens the console's conflict dialog (Reload refetches the record;
 * the drawer's form keeps what was typed), field errors go next to their fields, anything else is
 * an error toast. Resolves true when saved.
 */
export function useVersionedSave<T extends FieldValues>(form: UseFormReturn<T>, record: RaRecord, title: string) {
  const conflict = useConflictHandler();
  const toast = useToast();
  const refresh = useRefresh();
  const run = useCallback(
    async (save: () => Promise<unknown>, typed: T, success: string, failed = 'Your changes could not be saved.'): Promise<boolean> => {
      try {
        await save();
        toast.success(title, success);
        // The page's live topic refetches too; this covers a missed message.
        refresh();
        return true;
      } catch (err) {
        if (conflictFromError(err)) {
          conflict.mutationOptions.onError(err, { data: typed, previousData: record });
        } else if (isHttpError(err) && err.body?.errors && Object.keys(err.body.errors).length > 0) {
          for (const [path, message] of Object.entries(err.body.errors as Record<string, string>)) form.setError(path as Path<T>, { message }, { shouldFocus: true });
        } else {
          toast.failure(title, err, failed);
        }
        return false;
      }
    },
    [conflict.mutationOptions, record, form, refresh, title, toast],
  );
  return { run, conflictDialog: conflict.dialog };
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
  /** Saves the values at `record.version`. */
  save(values: T): Promise<unknown>;
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
  const { run, conflictDialog } = useVersionedSave(form, record, title);
  const [saving, setSaving] = useState(false);
  const { requestClose, dialog } = useQuitDialog(form.formState.isDirty, onClose);

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    const ok = await run(() => save(values), values, saved, failed);
    setSaving(false);
    if (ok) onClose();
  });

  return {
    form,
    drawer: { onClose: requestClose, onSubmit: submit, footer: <CancelSaveButtons onCancel={requestClose} saveDisabled={saving} /> },
    dialogs: (
      <>
        {dialog}
        {conflictDialog}
      </>
    ),
  };
}
