import { memo } from 'react';
import { Typography } from '@mui/material';
import { CUSTOMER_FEE_KEYS, CUSTOMER_KINDS, FEES_SCHEDULE_DAYS, INVOICE_GROUPS, type Country } from '../../../../domain/customers';
import { PAYMENT_METHODS } from '../../../../domain/common';
import { codeLabel } from '../../labels';
import { FeeInput, Row, SelectInput, SwitchInput, TextInput } from '../fields';
import { FormSection, Tiles } from '../FormSection';
import { labelFor } from '../formLabels';
import { useFieldState } from '../FieldState';

export const EmailInvoicesSection = memo(function EmailInvoicesSection({ country }: { country: Country }) {
  const L = labelFor(country);
  const fs = useFieldState();
  return (
    <FormSection title="Email Invoices">
      <Tiles>
        <SwitchInput name="config.emailInvoices.isEnabled" label="Enable Email Invoices" />
        <SwitchInput name="config.dailyInvoiceExport.isEnabled" label="Daily Invoice Export" />
      </Tiles>
      <Row>
        <SelectInput
          name="config.emailInvoices.invoiceGroup"
          label={L('config.emailInvoices.invoiceGroup')}
          options={INVOICE_GROUPS.map((g) => ({ value: g, label: codeLabel(g), disabled: g === 'DIRECT_PAYBILL_INVOICES' && fs.directPaybillInvoiceGroup }))}
        />
        <TextInput name="config.emailInvoices.recipientEmailId" label={L('config.emailInvoices.recipientEmailId')} type="email" required={fs.required.recipientEmailId} />
      </Row>
    </FormSection>
  );
});

/** Spec 1 §3 platformFees: shown to holders of the fee view permission, editable with the edit action. */
export const PlatformFeesSection = memo(function PlatformFeesSection({ country, currency, readOnly }: { country: Country; currency: string; readOnly: boolean }) {
  const L = labelFor(country);
  const fs = useFieldState();
  return (
    <FormSection title="Platform Fees" description={readOnly ? 'You can view the platform fees but not change them.' : `Amounts in ${codeLabel(currency)}, up to 999,999.99.`}>
      <Row>
        <SelectInput name="platformFees.paymentMethod" label={L('platformFees.paymentMethod')} disabled={readOnly} required options={PAYMENT_METHODS.map((m) => ({ value: m, label: codeLabel(m) }))} />
        <SelectInput name="platformFees.feesSchedule" label={L('platformFees.feesSchedule')} disabled={readOnly} required numeric options={FEES_SCHEDULE_DAYS.map((d) => ({ value: d, label: `${d} ${d === 1 ? 'day' : 'days'}` }))} />
        <SelectInput
          name="platformFees.platformFeeAssignee"
          label={L('platformFees.platformFeeAssignee')}
          disabled={readOnly}
          required={fs.required.platformFeeAssignee}
          options={CUSTOMER_KINDS.map((k) => ({ value: k, label: codeLabel(k) }))}
        />
        {CUSTOMER_FEE_KEYS.map((k) => (
          <FeeInput
            key={k}
            name={`platformFees.${k}`}
            label={L(`platformFees.${k}`)}
            currency={currency}
            disabled={readOnly}
            required={k === 'monthlyWhatsAppFee' ? fs.required.monthlyWhatsAppFee : true}
          />
        ))}
      </Row>
      {!fs.required.monthlyWhatsAppFee && (
        <Typography variant="body2" color="text.secondary">
          The Monthly WhatsApp Fee is needed when the WhatsApp downtime action is on.
        </Typography>
      )}
    </FormSection>
  );
});

export const ExportConfigSection = memo(function ExportConfigSection() {
  return (
    <FormSection title="Export Config">
      <Tiles>
        <SwitchInput name="exportsSettings.invoiceSupplementFileEnabled" label="Invoice Supplement File" />
        <SwitchInput name="config.includeExternalSMRCodesInExport" label="Include External SMR Codes In Export" />
      </Tiles>
    </FormSection>
  );
});
