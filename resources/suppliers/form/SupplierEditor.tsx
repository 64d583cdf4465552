import { useCallback, useMemo, useRef } from 'react';
import { Box } from '@mui/material';
import { Form, useRefresh, useSaveContext, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { FieldValues } from 'react-hook-form';
import { COUNTRY_NAMES, type Country } from '../../../domain/country';
import { emptySupplierForm, supplierFormSchema, supplierLengthCaps, toSupplierForm, type SupplierDetails, type SupplierForm } from '../../../domain/suppliers';
import { conflictFromError } from '../../../dataProvider/conflict';
import { useConflictHandler } from '../../../src/layout/ConflictDialog';
import { PageFrame, type BackLink } from '../../../src/layout/PageFrame';
import { useToast } from '../../../src/layout/Toasts';
import { domainResolver } from '../../../src/ui/forms/domainResolver';
import { FormFooter } from '../../../src/ui/forms/FormFooter';
import { LengthCapsProvider } from '../../../src/ui/inputs';
import { QuitGuard } from '../../../src/ui/QuitGuard';
import { FacilitiesSection, OpeningHoursSection, OptionalServicesSection, RestrictionsSection } from './EditOnlySections';
import { OperationsSection, ServicesSection } from './ServicesSections';
import { AddressSection, ContactSection, SupplierDetailsSection } from './SupplierDetailsSections';

/** Stable, so react-admin does not reset the form on every render; keeps typed values on Reload. */
const RESET_OPTIONS = { keepDirtyValues: true } as const;
const hasFieldErrors = (error: unknown) => Object.keys((error as { body?: { errors?: object } } | null)?.body?.errors ?? {}).length > 0;

export interface SupplierEditorProps {
  country: Country;
  /** null: create a new supplier. */
  details: SupplierDetails | null;
  back: BackLink;
  /** Where a saved supplier is shown (its details page), by its ids. */
  after(saved: { id: string; accountObjectId: string }): void;
}

/**
 * Create Supplier / Edit Supplier (spec 2 §2.1, §5.1) inside react-admin's CreateBase or EditBase
 * (pessimistic): the country's rules through zodResolver, the save context's save (the server
 * checks the same rules), field errors under their fields, 409 through the conflict dialog,
 * 'Quit Editing?' on the way out. The edit-only sections appear on edit only.
 */
export function SupplierEditor({ country, details, back, after }: SupplierEditorProps) {
  const isNew = details === null;
  const { save, saving } = useSaveContext();
  const toast = useToast();
  const refresh = useRefresh();
  const conflict = useConflictHandler();
  const allowLeaving = useRef<() => void>(() => undefined);
  const resolver = useMemo(() => domainResolver<SupplierForm>(supplierFormSchema(country)), [country]);
  const caps = useMemo(() => supplierLengthCaps(country), [country]);
  const record = useMemo(() => (details ? (toSupplierForm(details) as unknown as RaRecord) : undefined), [details]);
  const defaultValues = useMemo(() => (details ? undefined : emptySupplierForm(country)), [details, country]);
  const onConflict = conflict.mutationOptions.onError;

  const onSubmit = useCallback(
    (values: FieldValues) =>
      save?.(values, {
        onSuccess: (saved: { id: string; accountObjectId?: string }) => {
          allowLeaving.current();
          toast.success('Supplier', isNew ? 'The supplier has been created' : 'The supplier details have been saved');
          refresh();
          after({ id: String(saved.id), accountObjectId: String(saved.accountObjectId ?? (values as SupplierForm).accountObjectId) });
        },
        onError: (error: unknown, variables: unknown) => {
          if (conflictFromError(error)) return onConflict(error, variables);
          // Field errors come back from save to the form, under their fields.
          if (hasFieldErrors(error)) return;
          toast.failure('Supplier', error, 'The supplier could not be saved.');
        },
      }),
    [save, isNew, toast, refresh, after, onConflict],
  );

  const title = isNew ? `Create Supplier for ${COUNTRY_NAMES[country]}` : `Edit Supplier of ${COUNTRY_NAMES[country]}`;
  return (
    <PageFrame title={title} back={back} blocking={saving}>
      <Form record={record} defaultValues={defaultValues} resolver={resolver} onSubmit={onSubmit} resetOptions={RESET_OPTIONS} noValidate disableInvalidFormNotification>
        <QuitGuard allowRef={allowLeaving} />
        <LengthCapsProvider value={caps}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <SupplierDetailsSection country={country} />
            <AddressSection country={country} />
            <ContactSection country={country} />
            {!isNew && <OpeningHoursSection />}
            <OperationsSection country={country} />
            <ServicesSection country={country} />
            {!isNew && (
              <>
                <RestrictionsSection />
                <OptionalServicesSection />
                <FacilitiesSection />
              </>
            )}
          </Box>
        </LengthCapsProvider>
        <FormFooter back={back} saving={Boolean(saving)} />
      </Form>
      {conflict.dialog}
    </PageFrame>
  );
}
