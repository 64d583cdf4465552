import { useMemo, useState, type FormEvent } from 'react';
import { Box, Button, Drawer, MenuItem, TextField, Typography } from '@mui/material';
import { FormProvider, useController, useForm, useFormContext } from 'react-hook-form';
import { integrationFormSchema, type IntegrationForm, type IntegrationLookup } from '../../../domain/customers';
import { schemaResolver } from './schemaResolver';
import { QuitDialog } from './QuitDialog';

/** Spec 1 §2 "Drawers on customer screens": Add/Edit Integration is 600 wide. */
export const INTEGRATION_DRAWER_WIDTH = 600;

const EMPTY: IntegrationForm = { type: '', typeLabel: '', typeDescription: '', source: '', sourceLabel: '' };

function Field({ name, label, select, children, onPicked }: { name: keyof IntegrationForm; label: string; select?: boolean; children?: React.ReactNode; onPicked?(value: string): void }) {
  const { field, fieldState } = useController<IntegrationForm>({ name });
  return (
    <TextField
      id={`integration-${name}`}
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
  const resolver = useMemo(() => schemaResolver<IntegrationForm>(integrationFormSchema), []);
  const form = useForm<IntegrationForm>({ resolver, values: initial ?? EMPTY, resetOptions: { keepDirtyValues: false } });
  const [asking, setAsking] = useState(false);
  const title = initial ? 'Edit Integration' : 'Add Integration';

  // Read while rendering, so react-hook-form keeps isDirty up to date for this component.
  const dirty = form.formState.isDirty;
  const close = () => {
    if (dirty) setAsking(true);
    else onClose();
  };
  const submit = (event: FormEvent) => {
    // The drawer renders in a portal but React still bubbles its submit to the customer form.
    event.stopPropagation();
    form.handleSubmit((value) => {
      if (isDuplicate(value)) {
        form.setError('source', { message: 'This type and source is already configured' });
        return;
      }
      onSave(value);
    })(event);
  };

  return (
    <Drawer anchor="right" open={open} onClose={close} slotProps={{ paper: { sx: { width: { xs: '100%', sm: INTEGRATION_DRAWER_WIDTH } }, role: 'dialog', 'aria-labelledby': 'integration-drawer-title' } as object }}>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={submit} sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, height: '100%' }}>
          <Typography id="integration-drawer-title" variant="h2" component="h2">
            {title}
          </Typography>
          <IntegrationFields lookups={lookups} />
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 'auto' }}>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained">
              Save
            </Button>
          </Box>
        </Box>
      </FormProvider>
      <QuitDialog
        open={asking}
        onStay={() => setAsking(false)}
        onQuit={() => {
          setAsking(false);
          onClose();
        }}
      />
    </Drawer>
  );
}
