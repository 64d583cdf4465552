import { useMemo, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { failureText, isHttpError } from '../../../dataProvider/api';
import { useQuitDialog } from '../QuitDialog';
import { domainResolver } from './domainResolver';

export interface DrawerFormOptions<T extends FieldValues> {
  schema: z.ZodType;
  empty: T;
  /** Sends the checked values; resolves once done (the drawer then resets and closes). */
  send(values: T): Promise<void>;
  /** What a failure says when the error carries no message of its own. */
  failure: string;
  onClose(): void;
  /** Also told of a failure that is not a field's (a toast). */
  onFailure?(message: string): void;
}

/**
 * A small form in a drawer (Invite User, Reject): the domain's schema as resolver, the server's
 * field errors under their fields, any other failure as the drawer's problem, 'Quit Editing?' when
 * closed with changes, and on success a reset and close. Closing waits while sending.
 */
export function useDrawerForm<T extends FieldValues>({ schema, empty, send, failure, onClose, onFailure }: DrawerFormOptions<T>) {
  const resolver = useMemo(() => domainResolver<T>(schema), [schema]);
  const form = useForm<T>({ resolver, defaultValues: empty as DefaultValues<T>, mode: 'onTouched' });
  const [problem, setProblem] = useState<string | null>(null);
  // Read while rendering, so react-hook-form keeps these up to date for this component.
  const { isDirty, isSubmitting } = form.formState;
  const finish = () => {
    form.reset(empty);
    setProblem(null);
    onClose();
  };
  const quit = useQuitDialog(isDirty, finish);
  const close = () => {
    if (!isSubmitting) quit.requestClose();
  };
  const submit = (event: FormEvent) => {
    setProblem(null);
    void form.handleSubmit(async (values) => {
      try {
        await send(values);
        finish();
      } catch (err) {
        const fields = isHttpError(err) ? (err.body?.errors as Record<string, string> | undefined) : undefined;
        const known = fields ? Object.keys(empty).filter((f) => fields[f]) : [];
        if (known.length > 0) {
          known.forEach((f, i) => form.setError(f as Path<T>, { type: 'server', message: fields![f] }, { shouldFocus: i === 0 }));
          return;
        }
        const message = failureText(err, failure);
        setProblem(message);
        onFailure?.(message);
      }
    })(event);
  };
  return { form, problem, isSubmitting, close, submit, quitDialog: quit.dialog };
}
