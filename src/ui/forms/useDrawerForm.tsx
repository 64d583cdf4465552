import { useMemo, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { failureText, isHttpError } from '../../../api/client';
import { useQuitDialog } from '../QuitDialog';
import { domainResolver } from './domainResolver';
import { useOneAction, type Acting } from '../useOneAction';

export interface DrawerFormOptions<T extends FieldValues> {
  schema: z.ZodType;
  empty: T;
  /**
   * Sends the checked values, making its calls as `acting` says; resolves once done (the drawer
   * then resets and closes), or with messages per field when the answer refuses some (the drawer
   * stays open and shows them).
   */
  send(values: T, acting: Acting): Promise<void | Record<string, string>>;
  /** What a failure says when the error carries no message of its own. */
  failure: string;
  onClose(): void;
  /** Also told of a failure that is not a field's (a toast). */
  onFailure?(message: string): void;
}

/**
 * A small form in a drawer (Invite User, Reject): the domain's schema as resolver, the server's
 * field errors under their fields, any other failure as the drawer's problem, 'Quit Editing?' when
 * closed with changes, and on success a reset and close. Closing waits while sending; one send at
 * a time (useOneAction).
 */
export function useDrawerForm<T extends FieldValues>({ schema, empty, send, failure, onClose, onFailure }: DrawerFormOptions<T>) {
  const resolver = useMemo(() => domainResolver<T>(schema), [schema]);
  const form = useForm<T>({ resolver, defaultValues: empty as DefaultValues<T>, mode: 'onTouched' });
  const [problem, setProblem] = useState<string | null>(null);
  // Read while rendering, so react-hook-form keeps these up to date for this component.
  const { isDirty, isSubmitting } = form.formState;
  const sending = useOneAction(send);
  const finish = () => {
    form.reset(empty);
    setProblem(null);
    onClose();
  };
  const quit = useQuitDialog(isDirty, finish);
  const close = () => {
    if (!isSubmitting) quit.requestClose();
  };
  /** Shows `fields`' messages under the form's own fields; false when none of them is the form's. */
  const showFieldErrors = (fields: Record<string, string> | undefined) => {
    const known = fields ? Object.keys(empty).filter((f) => fields[f]) : [];
    known.forEach((f, i) => form.setError(f as Path<T>, { type: 'server', message: fields![f] }, { shouldFocus: i === 0 }));
    return known.length > 0;
  };
  const submit = (event: FormEvent) => {
    setProblem(null);
    void form.handleSubmit(async (values) => {
      try {
        const ran = await sending.run(values);
        if (!ran) return;
        if (ran.value && showFieldErrors(ran.value)) return;
        finish();
      } catch (err) {
        if (showFieldErrors(isHttpError(err) ? (err.body?.errors as Record<string, string> | undefined) : undefined)) return;
        const message = failureText(err, failure);
        setProblem(message);
        onFailure?.(message);
      }
    })(event);
  };
  return { form, problem, isSubmitting, close, submit, quitDialog: quit.dialog };
}
