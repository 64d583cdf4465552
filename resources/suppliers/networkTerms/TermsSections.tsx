import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  DI_TERMS_LABELS as L,
  DI_TERMS_SECTIONS as S,
  FLUID_RATE_INTEGER_DIGITS,
  FNP_BANDS,
  RATE_SLOTS,
  fnpBandLabel,
  formatAuditDate,
  formatLongDate,
  type DiNetworkTerms,
  type RateListKey,
} from '../../../domain/suppliers';
import { FormSection } from '../../../src/ui/forms/FormSection';
import { DayInput, FeeInput, Row, ChoiceInput, SwitchInput, CappedTextInput } from '../../../src/ui/inputs';

const BAND_OPTIONS = FNP_BANDS.filter((b) => b !== 'NONE').map((b) => ({ value: b, label: fnpBandLabel(b) }));

/** A block of rate inputs, one per slot, each with the date its stored rate applies from. */
export function RatesSection({ title, list, currency, columns = 3 }: { title: string; list: RateListKey; currency: string; columns?: number }) {
  const rates = useWatch({ name: list }) as { effectiveDate: string | null }[];
  return (
    <FormSection title={title}>
      <Row columns={columns}>
        {RATE_SLOTS[list].map((slot, i) => (
          <Box key={slot.key}>
            <FeeInput source={`${list}.${i}.rate`} label={slot.label} currency={currency} integerDigits={list === 'fluidRates' ? FLUID_RATE_INTEGER_DIGITS : undefined} />
            {rates?.[i]?.effectiveDate && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, ml: 1.5 }}>
                Effective from {formatAuditDate(rates[i].effectiveDate)}
              </Typography>
            )}
          </Box>
        ))}
      </Row>
    </FormSection>
  );
}

export function DealerSection() {
  return (
    <FormSection title={S.dealer}>
      <Row>
        <CappedTextInput source="nominatedDealerName" label={L.nominatedDealerName} required maxLength={20} />
      </Row>
    </FormSection>
  );
}

/** FNP on or off, and its band (the §3.5 bands) while on. */
export function FnpSection() {
  const on = Boolean(useWatch({ name: 'fnp.isEnabled' }));
  return (
    <FormSection title={S.fnp}>
      <Row>
        <SwitchInput source="fnp.isEnabled" label={L.fnpEnabled} />
        <ChoiceInput source="fnp.fnpBand" label={L.fnpBand} options={BAND_OPTIONS} required={on} disabled={!on} />
      </Row>
    </FormSection>
  );
}

export function RebateSection({ currency }: { currency: string }) {
  return (
    <FormSection title={S.rebate}>
      <Row>
        <FeeInput source="rebate" label={L.rebate} unit="%" integerDigits={3} />
        <FeeInput source="rebateAmount" label={L.rebateAmount} currency={currency} />
      </Row>
    </FormSection>
  );
}

export function CreditLimitSection({ currency, terms }: { currency: string; terms: DiNetworkTerms | null }) {
  const updated = terms?.creditLimit.updatedBy;
  return (
    <FormSection title={S.creditLimit}>
      <Row>
        <FeeInput source="agreedCreditLimit" label={L.agreedCreditLimit} currency={currency} />
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          {updated ? `Last updated ${formatLongDate(updated.lastUpdated)}${updated.username ? ` by ${updated.username}` : ''}` : 'Not set yet'}
        </Typography>
      </Row>
    </FormSection>
  );
}

/** Audit dates as DD/MM/YYYY, future days disabled (spec 2 §5.4). */
export function AuditSection() {
  return (
    <FormSection title={S.audit}>
      <Row>
        <DayInput source="lastPhysicalAudit" label={L.lastPhysicalAudit} />
        <DayInput source="lastDesktopAudit" label={L.lastDesktopAudit} />
      </Row>
    </FormSection>
  );
}
