import { memo } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { CUSTOMER_TYPES, FLEET_LEVELS, RATE_CARD_LABELS, RATE_CARD_TYPES, type Country } from '../../../../domain/customers';
import { CURRENCIES } from '../../../../domain/common';
import { codeLabel } from '../../labels';
import { Row, SelectInput, TextInput, useFormInput } from '../../../../src/ui/inputs';
import { FormSection } from '../../../../src/ui/forms/FormSection';
import { labelFor } from '../formLabels';
import { useFieldState } from '../FieldState';
import { AccountingCategoryInput } from '../AccountingCategoryInput';

const MFA_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No (customer accepted the non-MFA risk)' },
];

export const DetailsSection = memo(function DetailsSection({ country }: { country: Country }) {
  const L = labelFor(country);
  const { required } = useFieldState();
  return (
    <FormSection title="Details">
      <Row>
        <TextInput source="customerName" label={L('customerName')} required />
        <TextInput source="companyRegistrationNumber" label={L('companyRegistrationNumber')} required />
        <TextInput source="vatNumber" label={L('vatNumber')} required />
        <SelectInput source="customerType" label={L('customerType')} required options={CUSTOMER_TYPES.map((t) => ({ value: t, label: codeLabel(t) }))} />
        <SelectInput source="rateCardType" label={L('rateCardType')} required options={RATE_CARD_TYPES.map((t) => ({ value: t, label: RATE_CARD_LABELS[t] }))} />
        <SelectInput source="fleetLevel" label={L('fleetLevel')} options={FLEET_LEVELS.map((t) => ({ value: t, label: codeLabel(t) }))} />
        <SelectInput source="currency" label={L('currency')} required options={CURRENCIES.map((c) => ({ value: c, label: codeLabel(c) }))} />
        <TextInput source="billingRefId" label={L('billingRefId')} />
        <AccountingCategoryInput label={L('categoryId')} required={required.categoryId} />
        <TextInput source="customerNameForDirectPaybill" label={L('customerNameForDirectPaybill')} required={required.customerNameForDirectPaybill} />
        <TextInput source="leaseDetails.accountManager" label={L('leaseDetails.accountManager')} required />
        <TextInput source="leaseDetails.accountNumber" label={L('leaseDetails.accountNumber')} />
        <TextInput source="supplierProximity" label={L('supplierProximity')} required inputMode="numeric" helperText="Miles, 0 to 99" />
        <MfaInput />
      </Row>
    </FormSection>
  );
});

/** enforceMfa is true, false (risk accepted) or unset; a select holds text, so it is mapped. */
function MfaInput() {
  const { id, field } = useFormInput('enforceMfa');
  return (
    <TextField
      select
      id={id}
      label="Enforce MFA"
      size="small"
      value={field.value === null || field.value === undefined ? '' : String(field.value)}
      onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value === 'true')}
      inputRef={field.ref}
    >
      <MenuItem value="">Not set</MenuItem>
      {MFA_OPTIONS.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
