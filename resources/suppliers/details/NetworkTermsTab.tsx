import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  DI_TERMS_LABELS as L,
  DI_TERMS_SECTIONS as S,
  LABOUR_SLOTS,
  SUPPLIER_DETAILS_MESSAGES,
  fnpBandLabel,
  formatAuditDate,
  formatLongDate,
  formatPercent,
  formatRate,
  type DiNetworkTerms,
  type Rate,
  type MotRate,
  type SupplierDetails,
} from '../../../domain/suppliers';
import { formatDateTime } from '../../../src/network/format';
import { Fields, Section } from '../../../src/ui/details';

type Dated = { rate: number; isAvailable: boolean; effectiveDate: string | null };
const since = (r: Dated | undefined) => (r?.effectiveDate ? `from ${formatAuditDate(r.effectiveDate)}` : '');

/** A rate and, under it, since when it applies. */
function RateCell({ rate, locale }: { rate: Dated | undefined; locale: SupplierDetails['locale'] }) {
  if (!rate?.isAvailable) return <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>Not set</Box>;
  return (
    <>
      {formatRate(rate.rate, locale)}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {since(rate)}
      </Typography>
    </>
  );
}

/** A list of rates (MOT, tyre ancillary, wheel alignment) in `columns` columns: label, rate, since. */
function RateList({ title, rates, locale, columns = 2 }: { title: string; rates: (Rate | MotRate)[]; locale: SupplierDetails['locale']; columns?: number }) {
  const shown = rates.filter((r) => r.isAvailable);
  return (
    <Section title={title} wide={columns > 2}>
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No rates set
        </Typography>
      ) : (
        <Fields columns={columns} items={shown.map((r): [string, React.ReactNode] => [r.label, <RateCell key={r.label} rate={r} locale={locale} />])} />
      )}
    </Section>
  );
}

function LabourRates({ terms, locale }: { terms: DiNetworkTerms; locale: SupplierDetails['locale'] }) {
  return (
    <Section title={S.labour} wide>
      {terms.franchises.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No franchises
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={S.labour}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">Franchise</TableCell>
                <TableCell component="th" scope="col">{L.partsDiscount}</TableCell>
                {LABOUR_SLOTS.map((s) => (
                  <TableCell key={s.key} component="th" scope="col">
                    {s.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {terms.franchises.map((f) => (
                <TableRow key={f.label}>
                  <TableCell component="th" scope="row">{f.label}</TableCell>
                  <TableCell>{formatPercent(f.partsDiscount)}</TableCell>
                  {LABOUR_SLOTS.map((s) => (
                    <TableCell key={s.key}>
                      <RateCell rate={f.labourRates.find((r) => String(r.vehicleCategoryType) === s.key)} locale={locale} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}

/**
 * The DI Network Terms tab (spec 2 §2.1, §3.5): why there are none (the group is not in the DI
 * network, or none were added), else the terms: dealer, FNP band, rebate, credit limit ('do MMMM
 * yyyy'), audit dates ('dd MMM yyyy'), labour rates per franchise and vehicle category, MOT, fluid
 * (per litre, 4 columns), tyre ancillary and wheel-alignment rates to 2 decimals with the dates they
 * apply from, and who changed them last.
 */
export function NetworkTermsTab({ supplier }: { supplier: SupplierDetails }) {
  if (!supplier.belongsToDINetwork) return <Alert severity="info">{SUPPLIER_DETAILS_MESSAGES.notInDiNetwork}</Alert>;
  const t = supplier.diNetworkTerms;
  if (!t) return <Alert severity="info">{SUPPLIER_DETAILS_MESSAGES.noTerms}</Alert>;
  const locale = supplier.locale;
  const credit = t.creditLimit;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <Section title="Summary" wide>
        <Fields
          columns={4}
          items={[
            [L.nominatedDealerName, t.nominatedDealerName],
            [L.fnpBand, t.fnp.isEnabled ? fnpBandLabel(t.fnp.fnpBand) : 'Not enrolled'],
            [L.rebate, formatPercent(t.commercialTerms.rebate)],
            [L.rebateAmount, formatRate(t.commercialTerms.rebateAmount, locale)],
            [L.agreedCreditLimit, formatRate(credit.agreedCreditLimit, locale)],
            ['Credit limit updated', credit.updatedBy ? `${formatLongDate(credit.updatedBy.lastUpdated)}${credit.updatedBy.username ? ` by ${credit.updatedBy.username}` : ''}` : null],
            [L.lastPhysicalAudit, formatAuditDate(t.lastPhysicalAudit)],
            [L.lastDesktopAudit, formatAuditDate(t.lastDesktopAudit)],
            ['Last changed', formatDateTime(t.log.modifiedTimestamp)],
            ['Last changed by', t.log.modifiedByUser],
          ]}
        />
      </Section>
      <LabourRates terms={t} locale={locale} />
      <RateList title={S.mot} rates={t.motRates} locale={locale} />
      <RateList title={S.tyre} rates={t.tyreAncillaryRates} locale={locale} />
      <RateList title={S.fluid} rates={t.fluidRates} locale={locale} columns={4} />
      <RateList title={S.alignment} rates={t.wheelAlignmentRates} locale={locale} />
    </Box>
  );
}
