import { memo } from 'react';
import { CUSTOMER_TYPES, FLEET_LEVELS, RATE_CARD_LABELS, RATE_CARD_TYPES, type Country } from '../../../../domain/customers';
import { CURRENCIES } from '../../../../domain/common';
import { codeLabel } from '../../labels';
import { Row, ChoiceInput, CappedTextInput, TriStateInput } from '../../../../src/ui/inputs';
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
        <CappedTextInput source="customerName" label={L('customerName')} required />
        <CappedTextInput source="companyRegistrationNumber" label={L('companyRegistrationNumber')} required />
        <CappedTextInput source="vatNumber" label={L('vatNumber')} required />
        <ChoiceInput source="customerType" label={L('customerType')} required options={CUSTOMER_TYPES.map((t) => ({ value: t, label: codeLabel(t) }))} />
        <ChoiceInput source="rateCardType" label={L('rateCardType')} required options={RATE_CARD_TYPES.map((t) => ({ value: t, label: RATE_CARD_LABELS[t] }))} />
        <ChoiceInput source="fleetLevel" label={L('fleetLevel')} options={FLEET_LEVELS.map((t) => ({ value: t, label: codeLabel(t) }))} />
        <ChoiceInput source="currency" label={L('currency')} required options={CURRENCIES.map((c) => ({ value: c, label: codeLabel(c) }))} />
        <CappedTextInput source="billingRefId" label={L('billingRefId')} />
        <AccountingCategoryInput label={L('categoryId')} required={required.categoryId} />
        <CappedTextInput source="customerNameForDirectPaybill" label={L('customerNameForDirectPaybill')} required={required.customerNameForDirectPaybill} />
        <CappedTextInput source="leaseDetails.accountManager" label={L('leaseDetails.accountManager')} required />
        <CappedTextInput source="leaseDetails.accountNumber" label={L('leaseDetails.accountNumber')} />
        <CappedTextInput source="supplierProximity" label={L('supplierProximity')} required inputMode="numeric" helperText="Miles, 0 to 99" />
        <TriStateInput source="enforceMfa" label="Enforce MFA" yes={MFA_OPTIONS[0].label} no={MFA_OPTIONS[1].label} />
      </Row>
    </FormSection>
  );
});

