import { useCallback, useMemo } from 'react';
import { Box } from '@mui/material';
import { Form, useRefresh, type RaRecord } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { COUNTRY_NAMES, type Country } from '../../../domain/country';
import { emptySupplierForm, supplierFormSchema, supplierLengthCaps, toSupplierForm, type SupplierDetails, type SupplierForm } from '../../../domain/suppliers';
import { PageFrame, type BackLink } from '../../../src/layout/PageFrame';
import { domainResolver } from '../../../src/ui/forms/domainResolver';
import { useRecordSave } from '../../../src/ui/forms/useRecordSave';
import { FormFooter } from '../../../src/ui/forms/FormFooter';
import { LengthCapsProvider } from '../../../src/ui/inputs';
import { QuitGuard } from '../../../src/ui/QuitGuard';
import { OpeningHoursSection } from '../../../src/ui/forms/OpeningHoursSection';
import { FacilitiesSection, OptionalServicesSection, RestrictionsSection } from './EditOnlySections';
import { OperationsSection, ServicesSection } from './ServicesSections';
import { AddressSection, ContactSection, SupplierDetailsSection } from './SupplierDetailsSections';

/** Stable, so react-admin does not reset the form on every render; keeps typed values on Reload. */
const RESET_OPTIONS = { keepDirtyValues: true } as const;

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
  const refresh = useRefresh();
  const resolver = useMemo(() => domainResolver<SupplierForm>(supplierFormSchema(country)), [country]);
  const caps = useMemo(() => supplierLengthCaps(country), [country]);
  const record = useMemo(() => (details ? (toSupplierForm(details) as unknown as RaRecord) : undefined), [details]);
  const defaultValues = useMemo(() => (details ? undefined : emptySupplierForm(country)), [details, country]);
  const onSaved = useCallback(
    (saved: RaRecord, values: FieldValues) => {
      refresh();
      after({ id: String(saved.id), accountObjectId: String(saved.accountObjectId ?? (values as SupplierForm).accountObjectId) });
    },
    [refresh, after],
  );
  // The save sends the form's values as they are: the server checks them with the same schema.
  const { onSubmit, saving, allowLeaving, conflictDialog } = useRecordSave({
    label: 'Supplier',
    isNew,
    created: 'The supplier has been created',
    saved: 'The supplier details have been saved',
    failure: 'The supplier could not be saved.',
    onSaved,
  });

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
        <FormFooter back={back} saving={saving} />
      </Form>
      {conflictDialog}
    </PageFrame>
  );
}
