import { memo } from 'react';
import { Box } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { CustomerDetails } from '../../../domain/customers';
import { AllowedAssignmentsSection, BillingSection, CompanyBlock, ContactSection, ExportConfigSection } from './CompanySections';
import {
  AppointmentDatesSection, ComplianceSection, DowntimeQueueSection, EnquiryProgressSection, FeatureFlagsSection, HealthCheckSection,
  MenuBarSection, NotificationsSection, ServicesSection, StockSection, TerminationDelaySection,
} from './AppSections';
import {
  ApiIntegrationSection, CustomerInfoSection, DailyInvoiceExportSection, EmailInvoicesSection, IntegrationsSection, NetworkPolicySection,
  PlatformFeesSection, WebhooksSection, WebLinkSection,
} from './OtherSections';
import { HeaderBlock } from './HeaderBlock';

/** Every section of the details page, in the order spec 1 §2 lists them. */
export const CustomerSections = memo(function CustomerSections({ canViewFees }: { canViewFees: boolean }) {
  const customer = useRecordContext<CustomerDetails>();
  if (!customer) return null;
  const p = { customer };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } }}>
      <HeaderBlock {...p} />
      <CompanyBlock {...p} />
      <BillingSection {...p} />
      <ContactSection {...p} />
      <MenuBarSection {...p} />
      <AppointmentDatesSection {...p} />
      <EnquiryProgressSection {...p} />
      <DowntimeQueueSection {...p} />
      <ServicesSection {...p} />
      <WebLinkSection {...p} />
      <CustomerInfoSection {...p} />
      <NotificationsSection {...p} />
      <StockSection {...p} />
      <HealthCheckSection {...p} />
      <ComplianceSection {...p} />
      <TerminationDelaySection {...p} />
      <EmailInvoicesSection {...p} />
      <DailyInvoiceExportSection {...p} />
      <FeatureFlagsSection {...p} />
      <ExportConfigSection {...p} />
      <AllowedAssignmentsSection {...p} />
      <NetworkPolicySection {...p} />
      <WebhooksSection {...p} />
      <IntegrationsSection {...p} />
      {canViewFees && <PlatformFeesSection {...p} />}
      <ApiIntegrationSection />
    </Box>
  );
});
