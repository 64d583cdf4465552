import { useMemo, type FormEvent } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { integrationFormSchema, type IntegrationForm, type IntegrationLookup } from '../../../domain/customers';
import { useFormInput } from '../../../src/ui/inputs';
import { domainResolver } from '../../../src/ui/forms/domainResolver';
import { useQuitDialog } from '../../../src/ui/QuitDialog';
import { CancelSaveButtons } from '../../../src/ui/CancelSaveButtons';
import { PlainDrawer } from '../../../src/ui/Drawer';

/** Spec 1 §2 "Drawers on customer screens": Add/Edit Integration is 600 wide. */
export const INTEGRATION_DRAWER_WIDTH = 600;

const EMPTY: IntegrationForm = { type: '', typeLabel: '', typeDescription: '', source: '', sourceLabel: '' };

function Field({ name, label, select, children, onPicked }: { name: keyof IntegrationForm; label: string; select?: boolean; children?: React.ReactNode; onPicked?(value: string): void }) {
  const { id, field, fieldState } = useFormInput(name, `integration-${name}`);
  return (
    <TextField
      id={id}
      label={label}
      select={select}
      size="small"
      value={field.value ?? ''}
      onChange={(e) => {
        field.onChange(e.target.value);
        onPicked?.(e.target.value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      required={name !== 'typeDescription'}
    >
      {children}
    </TextField>
  );
}

function IntegrationFields({ lookups }: { lookups: IntegrationLookup[] }) {
  const { setValue, watch, formState } = useFormContext<IntegrationForm>();
  // After a refused save, filled-in labels clear their messages at once.
  const opts = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  const type = watch('type');
  const types = useMemo(() => [...new Map(lookups.map((l) => [l.type, l])).values()], [lookups]);
  const sources = lookups.filter((l) => l.type === type);
  return (
    <>
      <Field
        name="type"
        label="Type"
        select
        onPicked={(value) => {
          const l = lookups.find((x) => x.type === value);
          setValue('typeLabel', l?.typeLabel ?? '', opts);
          setValue('typeDescription', l?.typeDescription ?? '', opts);
          setValue('source', '', opts);
          setValue('sourceLabel', '', opts);
        }}
      >
        {types.map((t) => (
          <MenuItem key={t.type} value={t.type}>
            {t.typeLabel}
          </MenuItem>
        ))}
      </Field>
      <Field name="typeLabel" label="Type label" />
      <Field name="typeDescription" label="Type description" />
      <Field
        name="source"
        label="Source"
        select
        onPicked={(value) => setValue('sourceLabel', lookups.find((x) => x.type === type && x.source === value)?.sourceLabel ?? '', opts)}
      >
        {sources.length === 0 ? (
          <MenuItem value="" disabled>
            Choose a type first
          </MenuItem>
        ) : (
          sources.map((s) => (
            <MenuItem key={s.source} value={s.source}>
              {s.sourceLabel}
            </MenuItem>
          ))
        )}
      </Field>
      <Field name="sourceLabel" label="Source label" />
    </>
  );
}

export interface IntegrationDrawerProps {
  open: boolean;
  /** The integration being edited; null to add one. */
  initial: IntegrationForm | null;
  lookups: IntegrationLookup[];
  /** Another configured integration with the same type and source, if any: refused. */
  isDuplicate(value: IntegrationForm): boolean;
  onSave(value: IntegrationForm): void;
  onClose(): void;
}

/** Add/Edit Integration. Its own small form; closing with changes asks 'Quit Editing?'. */
export function IntegrationDrawer({ open, initial, lookups, isDuplicate, onSave, onClose }: IntegrationDrawerProps) {
  const resolver = useMemo(() => domainResolver<IntegrationForm>(integrationFormSchema), []);
  const form = useForm<IntegrationForm>({ resolver, values: initial ?? EMPTY, resetOptions: { keepDirtyValues: false } });
  const title = initial ? 'Edit Integration' : 'Add Integration';

  // Read while rendering, so react-hook-form keeps isDirty up to date for this component.
  const { requestClose: close, dialog: quitDialog } = useQuitDialog(form.formState.isDirty, onClose);
  // PlainDrawer keeps the submit from bubbling to the customer form around it.
  const submit = (event: FormEvent) => {
    form.handleSubmit((value) => {
      if (isDuplicate(value)) {
        form.setError('source', { message: 'This type and source is already configured' });
        return;
      }
      onSave(value);
    })(event);
  };

  return (
    <PlainDrawer open={open} title={title} titleId="integration-drawer-title" width={INTEGRATION_DRAWER_WIDTH} onClose={close} onSubmit={submit} footer={<CancelSaveButtons onCancel={close} />}>
      <FormProvider {...form}>
        <IntegrationFields lookups={lookups} />
      </FormProvider>
      {/* Inside the drawer, so that after Quit the focus goes back to the button that opened the drawer. */}
      {quitDialog}
    </PlainDrawer>
  );
}
