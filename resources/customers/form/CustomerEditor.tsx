import { useCallback, useMemo, useRef, useState } from 'react';
import { Form, useDataProvider, useRefresh, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { FieldValues } from 'react-hook-form';
import {
  COUNTRY_NAMES, customerFormSchema, customerLengthCaps, EDIT_PLATFORM_FEES_GUARD, emptyCustomerForm, toCustomerForm, toSaveInput, type Country, type CustomerDetails, type CustomerForm,
} from '../../../domain/customers';
import { conflictFromError } from '../../../dataProvider/conflict';
import { useConflictHandler } from '../../../src/layout/ConflictDialog';
import { PageFrame, type BackLink } from '../../../src/layout/PageFrame';
import { useToast } from '../../../src/layout/Toasts';
import { useCan } from '../../../src/layout/useSession';
import { CUSTOMER_RELOAD_AFTER_SAVE_MS } from '../paths';
import { CustomerFormRules } from './FieldState';
import { CustomerFormSections } from './CustomerFormSections';
import type { FeesMode } from './sections/BillingSections';
import { FormFooter } from './FormFooter';
import { LengthCapsProvider } from './lengthCaps';
import { QuitGuard } from './QuitGuard';
import { schemaResolver } from './schemaResolver';
import { customerResource } from '../../../domain/resources/customer';

/** Stable, so react-admin does not reset the form on every render; keeps typed values on Reload. */
const RESET_OPTIONS = { keepDirtyValues: true } as const;

/** Server field errors are keyed by form path, sometimes under the request's customerDetails. */
function formErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^customerDetails\./, ''), v]));
}

/** The fee block for this user and customer; creating needs the edit action (route guard, domain access rule). */
function feesMode(can: ReturnType<typeof useCan>, details: CustomerDetails | null): FeesMode {
  if (can(EDIT_PLATFORM_FEES_GUARD.permission, EDIT_PLATFORM_FEES_GUARD.action)) return 'edit';
  if (!can(EDIT_PLATFORM_FEES_GUARD.permission, 'view')) return 'hidden';
  return details?.platformFees ? 'view' : 'notSet';
}

export interface CustomerEditorProps {
  country: Country;
  /** null: create a new customer. */
  details: CustomerDetails | null;
  back: BackLink;
}

/**
 * Create Customer / Edit Customer (spec 1 §2): the domain schema through a resolver, the domain
 * dependencies, a pessimistic save with the record's version, 409 through the conflict dialog,
 * 'Quit Editing?' on the way out, and after a save the back page, a toast and a search reload.
 */
export function CustomerEditor({ country, details, back }: CustomerEditorProps) {
  const can = useCan();
  const isNew = details === null;
  const fees = feesMode(can, details);
  const canEditFees = fees === 'edit';
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const toast = useToast();
  const conflict = useConflictHandler();
  const allowLeaving = useRef<() => void>(() => undefined);
  const [saving, setSaving] = useState(false);

  const resolver = useMemo(() => schemaResolver(customerFormSchema(country, { isNew, canEditFees })), [country, isNew, canEditFees]);
  const caps = useMemo(() => customerLengthCaps(country), [country]);
  // The form values carry the record's id, so react-admin treats a refetch as the same record.
  const record = useMemo(() => (details ? (toCustomerForm(details) as unknown as RaRecord) : undefined), [details]);
  const defaultValues = useMemo(() => (details ? undefined : emptyCustomerForm(country)), [details, country]);
  const onConflict = conflict.mutationOptions.onError;

  const onSubmit = useCallback(
    async (values: FieldValues) => {
      const form = values as CustomerForm;
      const input = toSaveInput(form, country, { canEditFees });
      setSaving(true);
      try {
        if (isNew) await dataProvider.create(customerResource.name, { data: input.customerDetails });
        else await dataProvider.update(customerResource.name, { id: details.id, data: input.customerDetails, previousData: details });
      } catch (error) {
        setSaving(false);
        if (conflictFromError(error)) {
          onConflict(error, { data: form, previousData: details ?? undefined });
          return;
        }
        const fields = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
        if (fields && Object.keys(fields).length) return formErrors(fields);
        toast.failure('Customer', error, 'The customer could not be saved.');
        return;
      }
      allowLeaving.current();
      toast.success('Customer', isNew ? 'The customer has been created' : 'The customer details have been saved');
      // Spec 1 §2: the search list is reloaded about 5 s after a save; the timer outlives this page.
      setTimeout(refresh, CUSTOMER_RELOAD_AFTER_SAVE_MS);
      navigate(back.to, { state: back.state });
    },
    [country, canEditFees, isNew, dataProvider, details, onConflict, toast, refresh, navigate, back],
  );

  const title = isNew ? `Create Customer for ${COUNTRY_NAMES[country]}` : `Edit Customer of ${COUNTRY_NAMES[country]}`;
  const currency = details?.currency.value ?? emptyCustomerForm(country).currency;
  return (
    <PageFrame title={title} back={back} blocking={saving}>
      <Form record={record} defaultValues={defaultValues} resolver={resolver} onSubmit={onSubmit} resetOptions={RESET_OPTIONS} noValidate disableInvalidFormNotification>
        <QuitGuard allowRef={allowLeaving} />
        <CustomerFormRules>
          <LengthCapsProvider value={caps}>
            <CustomerFormSections country={country} leaseCompanyId={details?.id ?? null} currency={currency} fees={fees} />
          </LengthCapsProvider>
        </CustomerFormRules>
        <FormFooter back={back} saving={saving} />
      </Form>
      {conflict.dialog}
    </PageFrame>
  );
}
