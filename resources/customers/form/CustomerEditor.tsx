import { useCallback, useMemo } from 'react';
import { Form, useCanAccess, useRefresh, type RaRecord } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  COUNTRY_NAMES, customerFormSchema, customerLengthCaps, emptyCustomerForm, toCustomerForm, toSaveInput, type Country, type CustomerDetails, type CustomerForm,
} from '../../../domain/customers';
import { PageFrame, type BackLink } from '../../../src/layout/PageFrame';
import { customerResource } from '../../../domain/resources/customer';
import { CUSTOMER_RELOAD_AFTER_SAVE_MS } from '../paths';
import { CustomerFormRules } from './FieldState';
import { CustomerFormSections } from './CustomerFormSections';
import type { FeesMode } from './sections/BillingSections';
import { FormFooter } from '../../../src/ui/forms/FormFooter';
import { LengthCapsProvider } from '../../../src/ui/inputs';
import { QuitGuard } from '../../../src/ui/QuitGuard';
import { domainResolver } from '../../../src/ui/forms/domainResolver';
import { useRecordSave } from '../../../src/ui/forms/useRecordSave';

/** Stable, so react-admin does not reset the form on every render; keeps typed values on Reload. */
const RESET_OPTIONS = { keepDirtyValues: true } as const;

/** The fee block for this user and customer; creating needs the edit action (route guard, domain access rule). */
function feesMode(canEditFees: boolean, canViewFees: boolean, details: CustomerDetails | null): FeesMode {
  if (canEditFees) return 'edit';
  if (!canViewFees) return 'hidden';
  return details?.platformFees ? 'view' : 'notSet';
}

export interface CustomerEditorProps {
  country: Country;
  /** null: create a new customer. */
  details: CustomerDetails | null;
  back: BackLink;
}

/**
 * Create Customer / Edit Customer (spec 1 §2), inside react-admin's CreateBase or EditBase
 * (pessimistic): the domain schema through zodResolver, the domain dependencies, the save context's
 * save with the form mapped to the save input (the record's version included), field errors from
 * the server shown under their fields, 409 through the conflict dialog, 'Quit Editing?' on the way
 * out, and after a save the back page, a toast and a search reload.
 */
export function CustomerEditor({ country, details, back }: CustomerEditorProps) {
  const editFees = useCanAccess({ resource: customerResource.name, action: 'editFees' });
  const viewFees = useCanAccess({ resource: customerResource.name, action: 'viewFees' });
  // The form waits for both answers: its schema and fee block depend on them.
  const accessPending = editFees.canAccess === undefined || viewFees.canAccess === undefined;
  const isNew = details === null;
  const fees = feesMode(editFees.canAccess === true, viewFees.canAccess === true, details);
  const canEditFees = fees === 'edit';
  const refresh = useRefresh();
  const navigate = useNavigate();
  const resolver = useMemo(() => domainResolver<CustomerForm>(customerFormSchema(country, { isNew, canEditFees })), [country, isNew, canEditFees]);
  const caps = useMemo(() => customerLengthCaps(country), [country]);
  // The form values carry the record's id, so react-admin treats a refetch as the same record.
  const record = useMemo(() => (details ? (toCustomerForm(details) as unknown as RaRecord) : undefined), [details]);
  const defaultValues = useMemo(() => (details ? undefined : emptyCustomerForm(country)), [details, country]);
  const transform = useCallback((form: FieldValues) => toSaveInput(form as CustomerForm, country, { canEditFees }).customerDetails as unknown as RaRecord, [country, canEditFees]);
  const onSaved = useCallback(() => {
    // Spec 1 §2: the search list is reloaded about 5 s after a save; the timer outlives this page.
    setTimeout(refresh, CUSTOMER_RELOAD_AFTER_SAVE_MS);
    navigate(back.to, { state: back.state });
  }, [refresh, navigate, back]);
  const { onSubmit, saving, allowLeaving, conflictDialog } = useRecordSave({
    label: 'Customer',
    isNew,
    created: 'The customer has been created',
    saved: 'The customer details have been saved',
    failure: 'The customer could not be saved.',
    transform,
    onSaved,
  });

  const title = isNew ? `Create Customer for ${COUNTRY_NAMES[country]}` : `Edit Customer of ${COUNTRY_NAMES[country]}`;
  const currency = details?.currency.value ?? emptyCustomerForm(country).currency;
  return (
    <PageFrame title={title} back={back} blocking={saving} loading={accessPending}>
      <Form record={record} defaultValues={defaultValues} resolver={resolver} onSubmit={onSubmit} resetOptions={RESET_OPTIONS} noValidate disableInvalidFormNotification>
        <QuitGuard allowRef={allowLeaving} />
        <CustomerFormRules>
          <LengthCapsProvider value={caps}>
            <CustomerFormSections country={country} leaseCompanyId={details?.id ?? null} currency={currency} fees={fees} />
          </LengthCapsProvider>
        </CustomerFormRules>
        <FormFooter back={back} saving={saving} />
      </Form>
      {conflictDialog}
    </PageFrame>
  );
}
