import { memo } from 'react';
import { Alert, Typography } from '@mui/material';
import { CUSTOMER_FEE_KEYS, CUSTOMER_KINDS, FEES_SCHEDULE_DAYS, INVOICE_GROUPS, type Country } from '../../../../domain/customers';
import { PAYMENT_METHODS } from '../../../../domain/common';
import { codeLabel } from '../../labels';
import { FeeInput, Row, ChoiceInput, SwitchInput, CappedTextInput } from '../../../../src/ui/inputs';
import { FormSection, Tiles } from '../../../../src/ui/forms/FormSection';
import { labelFor } from '../formLabels';
import { useFieldState } from '../FieldState';

export const EmailInvoicesSection = memo(function EmailInvoicesSection({ country }: { country: Country }) {
  const L = labelFor(country);
  const fs = useFieldState();
  return (
    <FormSection title="Email Invoices">
      <Tiles>
        <SwitchInput source="config.emailInvoices.isEnabled" label="Enable Email Invoices" />
        <SwitchInput source="config.dailyInvoiceExport.isEnabled" label="Daily Invoice Export" />
      </Tiles>
      <Row>
        <ChoiceInput
          source="config.emailInvoices.invoiceGroup"
          label={L('config.emailInvoices.invoiceGroup')}
          options={INVOICE_GROUPS.map((g) => ({ value: g, label: codeLabel(g), disabled: g === 'DIRECT_PAYBILL_INVOICES' && fs.directPaybillInvoiceGroup }))}
        />
        <CappedTextInput source="config.emailInvoices.recipientEmailId" label={L('config.emailInvoices.recipientEmailId')} type="email" required={fs.required.recipientEmailId} />
      </Row>
    </FormSection>
  );
});

/** How the form shows the fees: not at all, read-only (or a note when none are stored yet), or editable. */
export type FeesMode = 'hidden' | 'view' | 'notSet' | 'edit';

/** Read-only fees of a customer that has none yet: a note instead of a block of empty, disabled inputs. */
const FEES_NOT_SET = 'No platform fees have been set for this customer yet. A user with permission to edit platform fees can set them.';

/** Spec 1 §3 platformFees: shown to holders of the fee view permission, editable with the edit action. */
export const PlatformFeesSection = memo(function PlatformFeesSection({ country, currency, mode }: { country: Country; currency: string; mode: Exclude<FeesMode, 'hidden'> }) {
  const L = labelFor(country);
  const fs = useFieldState();
  const readOnly = mode !== 'edit';
  if (mode === 'notSet') {
    return (
      <FormSection title="Platform Fees">
        <Alert severity="info">{FEES_NOT_SET}</Alert>
      </FormSection>
    );
  }
  return (
    <FormSection title="Platform Fees" description={readOnly ? 'You can view the platform fees but not change them.' : `Amounts in ${codeLabel(currency)}, up to 999,999.99.`}>
      <Row>
        <ChoiceInput source="platformFees.paymentMethod" label={L('platformFees.paymentMethod')} disabled={readOnly} required options={PAYMENT_METHODS.map((m) => ({ value: m, label: codeLabel(m) }))} />
        <ChoiceInput source="platformFees.feesSchedule" label={L('platformFees.feesSchedule')} disabled={readOnly} required numeric options={FEES_SCHEDULE_DAYS.map((d) => ({ value: d, label: `${d} ${d === 1 ? 'day' : 'days'}` }))} />
        <ChoiceInput
          source="platformFees.platformFeeAssignee"
          label={L('platformFees.platformFeeAssignee')}
          disabled={readOnly}
          required={fs.required.platformFeeAssignee}
          options={CUSTOMER_KINDS.map((k) => ({ value: k, label: codeLabel(k) }))}
        />
        {CUSTOMER_FEE_KEYS.map((k) => (
          <FeeInput
            key={k}
            source={`platformFees.${k}`}
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
        <SwitchInput source="exportsSettings.invoiceSupplementFileEnabled" label="Invoice Supplement File" />
        <SwitchInput source="config.includeExternalSMRCodesInExport" label="Include External SMR Codes In Export" />
      </Tiles>
    </FormSection>
  );
});
