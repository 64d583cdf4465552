import { memo } from 'react';
import { Box } from '@mui/material';
import type { Country } from '../../../domain/customers';
import { DetailsSection } from './sections/DetailsSection';
import { AddressSection, ContactSection } from './sections/AddressContactSections';
import {
  AllowedAssignmentsSection, AppointmentDatesSection, AppServicesSection, ComplianceSection, DowntimeQueueSection, EnquiryProgressSection,
  HealthCheckSection, MenuBarSection, NotificationsSection, StockSection, TerminationDelaySection,
} from './sections/FeatureSections';
import { EmailInvoicesSection, ExportConfigSection, PlatformFeesSection, type FeesMode } from './sections/BillingSections';
import { CustomerInfoSection, NetworkPolicySection, WebhooksSection, WebLinkSection } from './sections/WebSections';
import { IntegrationsSection } from './sections/IntegrationsSection';

export interface CustomerFormSectionsProps {
  country: Country;
  leaseCompanyId: string | null;
  currency: string;
  fees: FeesMode;
}

/** The form's sections in the order spec 1 §2 lists them. Memoised: typing re-renders one input only. */
export const CustomerFormSections = memo(function CustomerFormSections({ country, leaseCompanyId, currency, fees }: CustomerFormSectionsProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <DetailsSection country={country} />
      <AddressSection country={country} />
      <ContactSection country={country} />
      <EnquiryProgressSection country={country} />
      <DowntimeQueueSection />
      <ComplianceSection />
      <HealthCheckSection />
      <MenuBarSection />
      <AppointmentDatesSection country={country} />
      <NotificationsSection />
      <StockSection />
      <AppServicesSection />
      <TerminationDelaySection country={country} />
      <AllowedAssignmentsSection country={country} />
      <IntegrationsSection />
      <EmailInvoicesSection country={country} />
      <NetworkPolicySection country={country} />
      <CustomerInfoSection country={country} />
      <WebLinkSection country={country} leaseCompanyId={leaseCompanyId} />
      {fees !== 'hidden' && <PlatformFeesSection country={country} currency={currency} mode={fees} />}
      <WebhooksSection country={country} />
      <ExportConfigSection />
    </Box>
  );
});
