import { Autocomplete, Box, Checkbox, FormControlLabel, FormHelperText, Switch, TextField } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ADDRESS_LABELS as A,
  APPROVAL_ANCILLARIES,
  APPROVAL_LABELS as L,
  APPROVAL_SECTIONS as S,
  CONTACT_LABELS as C,
  PERSON_LABELS as P,
  billingToggle,
  type ApprovalAddress,
  type ApprovalContact,
  type ApprovalForm,
} from '../../../domain/registrations';
import { FACILITIES, SERVICE_TYPES, SERVICE_TYPE_LABELS, SUPPLEMENTARY_SERVICES, VEHICLE_TYPES, VEHICLE_TYPE_LABELS } from '../../../domain/suppliers';
import { stripSpaces } from '../../../domain/formats';
import { VEHICLE_MAKE_LABELS } from '../../../domain/vehicleMakes';
import { FormSection } from '../../../src/ui/forms/FormSection';
import { CheckboxSetInput, Row, CappedTextInput, useFormInput } from '../../../src/ui/inputs';

const digits = (t: string) => t.replace(/\D/g, '');

export function CompanySection() {
  return (
    <FormSection title={S.company}>
      <Row columns={4}>
        <CappedTextInput source="supplierId" label={L.supplierId} required />
        <CappedTextInput source="companyName" label={L.companyName} required />
        <CappedTextInput source="companyRegistrationNumber" label={L.companyRegistrationNumber} required />
        <CappedTextInput source="vatRegistrationNumber" label={L.vatRegistrationNumber} required />
      </Row>
    </FormSection>
  );
}

function AddressFields({ block, disabled }: { block: 'address' | 'billingAddress'; disabled?: boolean }) {
  const s = (f: string) => `${block}.${f}`;
  return (
    <>
      <Row>
        <CappedTextInput source={s('number')} label={A.number} required disabled={disabled} />
        <CappedTextInput source={s('address1')} label={A.address1} required disabled={disabled} />
        <CappedTextInput source={s('address2')} label={A.address2} disabled={disabled} />
      </Row>
      <Row>
        <CappedTextInput source={s('address3')} label={A.address3} disabled={disabled} />
        <CappedTextInput source={s('county')} label={A.county} disabled={disabled} />
        <CappedTextInput source={s('postCode')} label={A.postCode} required transform={stripSpaces} disabled={disabled} />
      </Row>
    </>
  );
}

function ContactFields({ block, disabled }: { block: 'contact' | 'billingContact'; disabled?: boolean }) {
  const s = (f: string) => `${block}.${f}`;
  return (
    <>
      <Row columns={4}>
        <CappedTextInput source={s('title')} label={C.title} required disabled={disabled} />
        <CappedTextInput source={s('firstName')} label={C.firstName} required disabled={disabled} />
        <CappedTextInput source={s('lastName')} label={C.lastName} required disabled={disabled} />
        <CappedTextInput source={s('email')} label={C.email} required type="email" inputMode="email" transform={stripSpaces} disabled={disabled} />
      </Row>
      <Row columns={4}>
        <CappedTextInput source={s('contactNumber1')} label={C.contactNumber1} required type="tel" inputMode="tel" disabled={disabled} />
        <CappedTextInput source={s('bookingPhoneNumber')} label={C.bookingPhoneNumber} type="tel" inputMode="tel" disabled={disabled} />
        <CappedTextInput source={s('faxNumber')} label={C.faxNumber} type="tel" inputMode="tel" disabled={disabled} />
      </Row>
    </>
  );
}

export const AddressSection = () => (
  <FormSection title={S.address}>
    <AddressFields block="address" />
  </FormSection>
);
export const ContactSection = () => (
  <FormSection title={S.contact}>
    <ContactFields block="contact" />
  </FormSection>
);

/**
 * A billing block with its same-as toggle (spec 2 §4 "Approval form"): on copies the company's
 * values and disables the fields; off restores the billing values the applicant saved.
 */
export function BillingSection({ which, saved }: { which: 'address' | 'contact'; saved: { address: ApprovalAddress; contact: ApprovalContact } }) {
  const { getValues, setValue } = useFormContext<ApprovalForm>();
  const flag = which === 'address' ? 'isBillingAddressSameAsAddress' : 'isBillingContactSameAsContact';
  const on = Boolean(useWatch({ name: flag }));
  const toggle = (checked: boolean) => {
    for (const [key, value] of Object.entries(billingToggle(getValues(), which, checked, saved))) setValue(key as keyof ApprovalForm, value as never, { shouldDirty: true });
  };
  return (
    <FormSection title={which === 'address' ? S.billingAddress : S.billingContact}>
      <FormControlLabel control={<Switch checked={on} onChange={(e) => toggle(e.target.checked)} />} label={L[flag]} />
      {which === 'address' ? <AddressFields block="billingAddress" disabled={on} /> : <ContactFields block="billingContact" disabled={on} />}
    </FormSection>
  );
}

/** The franchise's makes, from the vehicle make reference list; shown only for a franchise. */
function ManufacturersInput() {
  const { id, field, fieldState } = useFormInput('manufacturers');
  const error = fieldState.error?.message;
  return (
    <Autocomplete
      multiple
      id={id}
      options={VEHICLE_MAKE_LABELS as string[]}
      value={(field.value as string[] | undefined) ?? []}
      onChange={(_, value) => field.onChange(value)}
      onBlur={field.onBlur}
      renderInput={(params) => <TextField {...params} label={L.manufacturers} required size="small" error={Boolean(error)} helperText={error} inputRef={field.ref} />}
    />
  );
}

/** One of two mutually exclusive ticks: choosing one disables the other (spec 2 §4). */
function TypeTick({ source, other }: { source: 'independent' | 'franchise'; other: 'independent' | 'franchise' }) {
  const { id, field } = useFormInput(source);
  const otherOn = Boolean(useWatch({ name: other }));
  return <FormControlLabel control={<Checkbox id={id} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { ref: field.ref } as object }} />} label={L[source]} disabled={otherOn} />;
}

/** Independent or Franchise (a franchise names its makes), and how far the supplier serves. */
export function OperationsSection() {
  const franchise = Boolean(useWatch({ name: 'franchise' }));
  const { fieldState } = useFormInput('independent');
  return (
    <FormSection title={S.operations}>
      <Box role="group" aria-label="Supplier type">
        <TypeTick source="independent" other="franchise" />
        <TypeTick source="franchise" other="independent" />
        {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
      </Box>
      {franchise && <ManufacturersInput />}
      <Row columns={4}>
        <CappedTextInput source="servingRadius.radius" label="Serving proximity" required inputMode="numeric" transform={digits} helperText="Miles" />
        <CappedTextInput source="servingRadius.mobileRadius" label="Mobile radius" inputMode="numeric" transform={digits} helperText="Miles" />
      </Row>
    </FormSection>
  );
}

const VEHICLE_OPTIONS = VEHICLE_TYPES.map((t) => ({ value: t, label: VEHICLE_TYPE_LABELS[t] }));
const SERVICE_OPTIONS = SERVICE_TYPES.filter((t) => t !== 'SMR').map((t) => ({ value: t, label: t === 'REPAIR' ? 'SMR' : SERVICE_TYPE_LABELS[t] }));
const ANCILLARY_OPTIONS = APPROVAL_ANCILLARIES.map((a) => ({ value: a.key, label: a.label }));
const SUPPLEMENTARY_OPTIONS = SUPPLEMENTARY_SERVICES.map((s) => ({ value: s.key, label: s.label }));
const FACILITY_OPTIONS = FACILITIES.map((f) => ({ value: f.value, label: f.label }));

export function OfferSection() {
  return (
    <FormSection title={S.services}>
      <CheckboxSetInput source="vehicleTypes" label={S.vehicleTypes} options={VEHICLE_OPTIONS} />
      <CheckboxSetInput source="services" label={S.services} options={SERVICE_OPTIONS} />
      <CheckboxSetInput source="ancillaries" label={S.ancillaries} options={ANCILLARY_OPTIONS} />
      <CheckboxSetInput source="supplementaryServices" label={S.supplementaryServices} options={SUPPLEMENTARY_OPTIONS} />
      <CheckboxSetInput source="facilities" label={S.facilities} options={FACILITY_OPTIONS} />
    </FormSection>
  );
}

/** Director, after-sales and finance contacts: name, phone and e-mail, each at most 20 characters. */
export function PeopleSection() {
  return (
    <FormSection title="Other Contacts">
      {(['directorContact', 'afterSalesContact', 'financeContact'] as const).map((block) => (
        <Row key={block}>
          <CappedTextInput source={`${block}.name`} label={`${S[block]} ${P.name}`} />
          <CappedTextInput source={`${block}.phoneNumber`} label={`${S[block]} ${P.phoneNumber}`} type="tel" inputMode="tel" />
          <CappedTextInput source={`${block}.email`} label={`${S[block]} ${P.email}`} type="email" inputMode="email" transform={stripSpaces} />
        </Row>
      ))}
    </FormSection>
  );
}
