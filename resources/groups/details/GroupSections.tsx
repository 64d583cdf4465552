import { memo } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatMoney } from '../../../domain/fees';
import { formatAddress } from '../../../domain/formats';
import { counted } from '../../../domain/plural';
import { ENFORCE_MFA_OPTIONS, GROUP_CONTACT_LABELS, GROUP_FIELD_LABELS, GROUP_SECTIONS, type GroupAddress, type GroupContact, type GroupDetails } from '../../../domain/groups';
import { formatDateTime } from '../../../src/network/format';
import { Fields, Section, Tick } from '../../../src/ui/details';
import { PaybillLists } from './PaybillLists';

const L = GROUP_FIELD_LABELS;
const address = (a: GroupAddress | null, g: GroupDetails) => (a ? formatAddress({ ...a, postCode: a.postcode }, g.locale) : null);
const mfa = (v: boolean | null) => ENFORCE_MFA_OPTIONS.find((o) => o.value === v)?.label ?? null;
const yesNo = (on: boolean) => <Tick on={on} label={on ? 'Yes' : 'No'} />;

function ContactFields({ contact }: { contact: GroupContact | null }) {
  const c = contact;
  const name = c ? [c.title, c.firstName, c.lastName].filter(Boolean).join(' ') : '';
  return (
    <Fields
      items={[
        ['Name', name],
        [GROUP_CONTACT_LABELS.contactNumber1, c?.contactNumber1],
        [GROUP_CONTACT_LABELS.faxNumber, c?.faxNumber],
        [GROUP_CONTACT_LABELS.email, c?.email],
      ]}
    />
  );
}

/** 'Same as …' under a block that is its parent's copy. */
function SameAs({ on, label }: { on: boolean; label: string }) {
  return on ? (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {label}
    </Typography>
  ) : null;
}

/** Group Details (spec 2 §2.2): every block of the group, read-only. */
/** Every block of the group in the page's record context. */
export const GroupSections = memo(function GroupSections() {
  const g = useRecordContext<GroupDetails>();
  if (!g) return null;
  const fees = g.platformFees;
  const updatedBy = g.creditLimit.updatedBy;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <Section title={GROUP_SECTIONS.details} wide>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Chip size="small" label={g.status.label} color="success" variant="outlined" />
          {g.blocked && <Chip size="small" color="error" label="BLOCKED" />}
          {g.belongsToDINetwork && <Chip size="small" label="DI Network" variant="outlined" />}
        </Box>
        <Fields
          columns={4}
          items={[
            [L.groupId, g.groupId],
            [L.name, g.name],
            [L.companyRegistrationNumber, g.companyRegistrationNumber],
            [L.vatRegistrationNumber, g.vatRegistrationNumber],
            [L.visnAccountNumber, g.visnAccountNumber],
            [L.enforceMfa, mfa(g.enforceMfa)],
            ['Created through', g.supplierCreationType],
            ['Documents', g.documentCount],
          ]}
        />
      </Section>
      <Section title={GROUP_SECTIONS.address}>
        <Fields columns={1} items={[['Address', address(g.address, g)]]} />
      </Section>
      <Section title={GROUP_SECTIONS.billingAddress}>
        <SameAs on={g.isBillingAddressSameAsAddress} label={L.isBillingAddressSameAsAddress} />
        <Fields columns={1} items={[['Address', address(g.billingAddress, g)]]} />
      </Section>
      <Section title={GROUP_SECTIONS.payingAddress}>
        <SameAs on={g.isPayingAddressSameAsBillingAddress} label={L.isPayingAddressSameAsBillingAddress} />
        <Fields columns={1} items={[['Address', address(g.payingAddress, g)]]} />
      </Section>
      <Section title={GROUP_SECTIONS.contact}>
        <ContactFields contact={g.contact} />
      </Section>
      <Section title={GROUP_SECTIONS.billingContact}>
        <SameAs on={g.isBillingContactSameAsContact} label={L.isBillingContactSameAsContact} />
        <ContactFields contact={g.billingContact} />
      </Section>
      <Section title={GROUP_SECTIONS.payingContact}>
        <SameAs on={g.isPayingContactSameAsBillingContact} label={L.isPayingContactSameAsBillingContact} />
        <ContactFields contact={g.payingContact} />
      </Section>
      <Section title={GROUP_SECTIONS.platformFees} wide>
        {fees ? (
          <Fields
            columns={4}
            items={[
              [L['platformFees.currency'], fees.currency],
              [L['platformFees.paymentMethod'], fees.paymentMethod === 'DIRECT_DEBIT' ? 'Direct Debit' : fees.paymentMethod],
              [L['platformFees.feesSchedule'], counted(Number(fees.feesSchedule), 'day')],
              [L['platformFees.acceptedBookingFee'], formatMoney(fees.acceptedBookingFee, fees.currency)],
              [L['platformFees.transactionFee'], formatMoney(fees.transactionFee, fees.currency)],
              [L['platformFees.reportingLicenceFee'], formatMoney(fees.reportingLicenceFee, fees.currency)],
              [L['platformFees.merchantFee'], formatMoney(fees.merchantFee, fees.currency)],
            ]}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No platform fees set
          </Typography>
        )}
      </Section>
      <Section title={GROUP_SECTIONS.invoiceConfig}>
        <Fields
          columns={1}
          items={[
            [L.useHeadOfficeNameAndAddress, yesNo(g.useHeadOfficeNameAndAddress)],
            [L.useDirectPaybillName, yesNo(g.useDirectPaybillName)],
          ]}
        />
      </Section>
      <Section title={GROUP_SECTIONS.creditLimit}>
        <Fields
          columns={1}
          items={[
            [L['creditLimit.agreedCreditLimit'], formatMoney(g.creditLimit.agreedCreditLimit, fees?.currency ?? (g.locale === 'en_IE' ? 'EURO' : 'GBP'))],
            ['Last updated', updatedBy ? `${formatDateTime(updatedBy.lastUpdated)} by ${updatedBy.username || 'unknown'}` : null],
          ]}
        />
      </Section>
      <Section title={GROUP_SECTIONS.enquiryProgression}>
        <Fields columns={1} items={[[L['config.skipVehicleReturnConfirmation'], yesNo(g.config.skipVehicleReturnConfirmation)]]} />
      </Section>
      <Section title={GROUP_SECTIONS.chatSupport}>
        <Fields columns={1} items={[[L['config.enableChatSupport'], yesNo(g.config.enableChatSupport)]]} />
      </Section>
      <Section title={GROUP_SECTIONS.exportConfig}>
        <Fields columns={1} items={[[L['exportConfig.authorisedTransactionExport'], yesNo(g.exportConfig.authorisedTransactionExport)]]} />
      </Section>
      <Section title="Paybill Config" wide>
        <PaybillLists group={g} />
      </Section>
      <Section title="Last modified" wide>
        <Fields
          columns={4}
          items={[
            ['Created', formatDateTime(g.log.createdTimestamp)],
            ['Created by', g.log.createdByUser],
            ['Last updated', formatDateTime(g.log.modifiedTimestamp)],
            ['Last updated by', g.log.modifiedByUser],
          ]}
        />
      </Section>
    </Box>
  );
});
