import { useEffect } from 'react';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { CURRENCIES, PAYMENT_METHODS } from '../../../domain/common';
import type { Country } from '../../../domain/country';
import { counted } from '../../../domain/plural';
import {
  ENFORCE_MFA_OPTIONS,
  FEES_SCHEDULE_DAYS,
  GROUP_FIELD_LABELS as L,
  GROUP_FORM_MESSAGES,
  GROUP_SECTIONS,
  groupIdTaken,
  MERCHANT_FEE_INTEGER_DIGITS,
  type GroupForm,
} from '../../../domain/groups';
import { formatDateTime } from '../../../src/network/format';
import { FormSection } from '../../../src/ui/forms/FormSection';
import { FeeInput, Row, ChoiceInput, SwitchInput, CappedTextInput, TriStateInput } from '../../../src/ui/inputs';

/** The DI Group Ids taken, read once per form (the server's unique index has the last word). */
export function useGroupIds(enabled: boolean) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({ queryKey: ['group', 'ids'], queryFn: ({ signal }) => dataProvider.groupIds(signal), enabled, staleTime: 30_000, retry: false });
}

/**
 * 'Group Id already exists' as the user types (spec 2 §5.3), for a new group: the message sits
 * under Group ID while the typed id is taken and goes once it is not.
 */
function GroupIdCheck({ knownIds }: { knownIds: readonly string[] }) {
  const { setError, clearErrors, getFieldState } = useFormContext<GroupForm>();
  const groupId = useWatch({ name: 'groupId' }) as string;
  useEffect(() => {
    const taken = groupIdTaken(groupId, knownIds);
    const current = getFieldState('groupId').error?.message;
    if (taken) setError('groupId', { type: 'taken', message: GROUP_FORM_MESSAGES.groupIdExists });
    else if (current === GROUP_FORM_MESSAGES.groupIdExists) clearErrors('groupId');
  }, [groupId, knownIds, setError, clearErrors, getFieldState]);
  return null;
}


/** Group Details (spec 2 §2.2, §5.3): the Group ID is editable only for a new group or an empty saved id. */
export function GroupDetailsSection({ groupIdEditable, isNew }: { groupIdEditable: boolean; isNew: boolean }) {
  const ids = useGroupIds(isNew);
  return (
    <FormSection title={GROUP_SECTIONS.details}>
      {isNew && ids.data && <GroupIdCheck knownIds={ids.data} />}
      <Row>
        <CappedTextInput source="groupId" label={L.groupId} required disabled={!groupIdEditable} />
        <CappedTextInput source="name" label={L.name} required />
        <CappedTextInput source="companyRegistrationNumber" label={L.companyRegistrationNumber} required />
      </Row>
      <Row>
        <CappedTextInput source="vatRegistrationNumber" label={L.vatRegistrationNumber} required />
        <CappedTextInput source="visnAccountNumber" label={L.visnAccountNumber} required />
        <TriStateInput source="enforceMfa" label={L.enforceMfa} yes={ENFORCE_MFA_OPTIONS[0].label} no={ENFORCE_MFA_OPTIONS[1].label} />
      </Row>
    </FormSection>
  );
}

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));
const PAYMENT_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: m === 'DIRECT_DEBIT' ? 'Direct Debit' : m }));
const SCHEDULE_OPTIONS = FEES_SCHEDULE_DAYS.map((d) => ({ value: d, label: counted(d, 'day') }));

/** Platform Fees (spec 2 §3.4, §5.3): money as masked text; the merchant fee 0 to 100. */
export function PlatformFeesSection() {
  const currency = useWatch({ name: 'platformFees.currency' }) as string;
  return (
    <FormSection title={GROUP_SECTIONS.platformFees} description="Accepted booking fee: per accepted booking. Transaction fee: per completed booking. Reporting licence fee: a monthly total. Merchant fee: a fixed monthly amount.">
      <Row>
        <ChoiceInput source="platformFees.currency" label={L['platformFees.currency']} options={CURRENCY_OPTIONS} required />
        <ChoiceInput source="platformFees.paymentMethod" label={L['platformFees.paymentMethod']} options={PAYMENT_OPTIONS} />
        <ChoiceInput source="platformFees.feesSchedule" label={L['platformFees.feesSchedule']} options={SCHEDULE_OPTIONS} numeric required />
      </Row>
      <Row columns={4}>
        <FeeInput source="platformFees.acceptedBookingFee" label={L['platformFees.acceptedBookingFee']} currency={currency} required />
        <FeeInput source="platformFees.transactionFee" label={L['platformFees.transactionFee']} currency={currency} required />
        <FeeInput source="platformFees.reportingLicenceFee" label={L['platformFees.reportingLicenceFee']} currency={currency} required />
        <FeeInput source="platformFees.merchantFee" label={L['platformFees.merchantFee']} currency={currency} integerDigits={MERCHANT_FEE_INTEGER_DIGITS} required />
      </Row>
    </FormSection>
  );
}

export function InvoiceConfigSection() {
  return (
    <FormSection title={GROUP_SECTIONS.invoiceConfig}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        <SwitchInput source="useHeadOfficeNameAndAddress" label={L.useHeadOfficeNameAndAddress} />
        <SwitchInput source="useDirectPaybillName" label={L.useDirectPaybillName} />
      </Box>
    </FormSection>
  );
}

/** Credit Limit (spec 2 §3.4): the agreed limit, and who changed it last and when. */
export function CreditLimitSection({ country }: { country: Country }) {
  const currency = (useWatch({ name: 'platformFees.currency' }) as string) || (country === 'IE' ? 'EURO' : 'GBP');
  const updatedBy = useWatch({ name: 'creditLimit.updatedBy' }) as GroupForm['creditLimit']['updatedBy'];
  return (
    <FormSection title={GROUP_SECTIONS.creditLimit}>
      <Row>
        <FeeInput source="creditLimit.agreedCreditLimit" label={L['creditLimit.agreedCreditLimit']} currency={currency} />
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          {updatedBy ? `Last updated ${formatDateTime(updatedBy.lastUpdated)} by ${updatedBy.username || 'unknown'}` : 'Not updated yet'}
        </Typography>
      </Row>
    </FormSection>
  );
}

/** Enquiry Progression, Chat Support and Export Config: one switch each. */
export function SwitchSection({ title, source }: { title: string; source: keyof typeof L }) {
  return (
    <FormSection title={title}>
      <SwitchInput source={source} label={L[source]} />
    </FormSection>
  );
}
