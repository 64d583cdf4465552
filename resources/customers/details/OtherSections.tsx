import { Box, Chip, Typography } from '@mui/material';
import type { CustomerDetails } from '../../../domain/customers';
import { CUSTOMER_FEE_KEYS } from '../../../domain/customers';
import { formatMoney } from '../../../domain/fees';
import { counted } from '../../../domain/plural';
import { codeLabel, NETWORK_POLICY_LABELS } from '../labels';
import { FEE_LABELS } from '../feeLabels';
import { Fields, Section, Tick, Ticks } from '../../../src/ui/details';

type P = { customer: CustomerDetails };

export function WebLinkSection({ customer: { config } }: P) {
  const w = config.webLink;
  return (
    <Section title="Web Link - Online Booking" enabled={w.isEnabled}>
      <Fields
        items={[
          ['Service Types', w.serviceTypes.map(codeLabel).join(', ')],
          ['Vehicle Maintenance Types', w.vehicleMaintenanceTypes.map(codeLabel).join(', ')],
          ['Privacy Policy URL', w.privacyPolicyUrl],
          ['Logo', w.theme.logo ? <Box key="logo" component="img" src={w.theme.logo} alt="Customer logo" sx={{ maxHeight: 60, maxWidth: 200 }} /> : null],
        ]}
      />
      <Box sx={{ mt: 1.25 }}>
        <Fields columns={1} items={[['Instructions', w.instructions]]} />
      </Box>
    </Section>
  );
}

export function CustomerInfoSection({ customer: { config } }: P) {
  const i = config.customerInfo;
  return (
    <Section title="Customer Info" enabled={i.isEnabled}>
      <Fields
        items={[
          ['Title', i.title],
          ['URL', i.url],
          ['Phone Number', i.phoneNumber],
          ['Description', i.description],
        ]}
      />
    </Section>
  );
}

export function EmailInvoicesSection({ customer: { config } }: P) {
  const e = config.emailInvoices;
  return (
    <Section title="Email Invoices" enabled={e.isEnabled}>
      <Fields
        items={[
          ['Invoice Group', codeLabel(e.invoiceGroup)],
          ['Recipient Email', e.recipientEmailId],
        ]}
      />
    </Section>
  );
}

export function DailyInvoiceExportSection({ customer: { config } }: P) {
  return <Section title="Daily Invoice Export" enabled={config.dailyInvoiceExport?.isEnabled ?? false} />;
}

export function NetworkPolicySection({ customer: { config } }: P) {
  return (
    <Section title="Network Policy">
      <Typography variant="body2">{NETWORK_POLICY_LABELS[config.webLink.webLinkNetworkPolicy] ?? config.webLink.webLinkNetworkPolicy}</Typography>
    </Section>
  );
}

export function IntegrationsSection({ customer: { config } }: P) {
  return (
    <Section title="Integrations" wide>
      {config.integrations.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No integrations configured
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
          {config.integrations.map((i) => (
            <Box component="li" key={`${i.type}-${i.source}`} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Tick on={i.enabled} label={`${i.typeLabel} — ${i.sourceLabel}`} />
              {i.useStub && <Chip size="small" label="Stub" />}
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

export function WebhooksSection({ customer: { webhooks } }: P) {
  return (
    <Section title="Webhooks" enabled={webhooks?.enabled ?? false}>
      <Fields items={[['Authorization URL', webhooks?.authorizationUrl]]} columns={1} />
      <Box sx={{ mt: 1.25 }}>
        <Ticks items={(webhooks?.topics ?? []).map((t) => ({ label: `${codeLabel(t.type)}${t.url ? ` — ${t.url}` : ''}`, on: t.enabled }))} />
      </Box>
    </Section>
  );
}


/** Shown only to holders of the platform-fee view permission (the server omits it otherwise). */
export function PlatformFeesSection({ customer: c }: P) {
  const f = c.platformFees;
  return (
    <Section title="Platform Fees" wide>
      {!f ? (
        <Typography variant="body2" color="text.secondary">
          No platform fees set
        </Typography>
      ) : (
        <Fields
          columns={4}
          items={[
            ['Payment Method', codeLabel(f.paymentMethod)],
            ['Fees Schedule', counted(f.feesSchedule, 'day')],
            ['Apply Platform Fee to', codeLabel(f.platformFeeAssignee)],
            ['Currency', codeLabel(f.currency)],
            ...CUSTOMER_FEE_KEYS.map((k): [string, string | null] => [FEE_LABELS[k], formatMoney(f[k], f.currency)]),
          ]}
        />
      )}
    </Section>
  );
}

export function ApiIntegrationSection() {
  return (
    <Section title="API integration">
      <Typography variant="body2" color="text.secondary">
        API ids and allowed endpoints are managed in the API Integrations drawer.
      </Typography>
    </Section>
  );
}
