import type { CustomerDetails } from '../../../domain/customers';
import { codeLabel } from '../labels';
import { Fields, Section, Tick, Ticks } from '../../../src/ui/details';

type P = { customer: CustomerDetails };

export function MenuBarSection({ customer: { config } }: P) {
  return (
    <Section title="Menu Bar Options" enabled={config.menuOptions.isEnabled}>
      <Ticks items={config.menuOptions.menuItems.map((i) => ({ label: codeLabel(i.type), on: i.enabled }))} />
    </Section>
  );
}

export function AppointmentDatesSection({ customer: { config } }: P) {
  return (
    <Section title="Enquiry Appointment Dates">
      <Fields items={[['Days', config.enquiryAppointmentDates.days]]} />
    </Section>
  );
}

export function EnquiryProgressSection({ customer: { config } }: P) {
  const p = config.enquiryProgress;
  return (
    <Section title="Enquiry Progress">
      <Ticks
        items={[
          { label: 'Progress Bar', on: p.enableProgressBar },
          { label: 'Push Notifications', on: p.sendPushNotifications },
        ]}
      />
      <Fields items={[['Progress Email', p.progressEmail]]} />
    </Section>
  );
}

export function DowntimeQueueSection({ customer: { config } }: P) {
  return (
    <Section title="Downtime Queue" enabled={config.downTimeQueue.isEnabled}>
      <Ticks items={config.downTimeQueue.downTimeActions.map((a) => ({ label: codeLabel(a.type), on: a.enabled }))} />
    </Section>
  );
}

export function ServicesSection({ customer: { config } }: P) {
  return (
    <Section title="Services In App" enabled={config.services.isEnabled}>
      <Ticks items={config.services.types.filter((t) => t.visible !== false).map((t) => ({ label: codeLabel(t.type), on: t.enabled }))} />
    </Section>
  );
}

export function NotificationsSection({ customer: { config } }: P) {
  return (
    <Section title="Notifications" enabled={config.notifications.isEnabled}>
      <Ticks items={config.notifications.notificationTypes.map((n) => ({ label: codeLabel(n.categoryType), on: n.switchedOn }))} />
    </Section>
  );
}

export function StockSection({ customer: { config } }: P) {
  return (
    <Section title="Stock">
      <Tick on={config.stock.isImportFileSupplied} label="Import file supplied" />
    </Section>
  );
}

export function HealthCheckSection({ customer: { config } }: P) {
  return (
    <Section title="Vehicle Health Check" enabled={config.healthChecks.isEnabled}>
      <Ticks items={config.healthChecks.healthCheckTypes.map((t) => ({ label: codeLabel(t.type), on: t.enabled }))} />
    </Section>
  );
}

export function ComplianceSection({ customer: { config } }: P) {
  return (
    <Section title="Compliance" enabled={config.compliances.isEnabled}>
      <Ticks items={config.compliances.complianceTypes.map((t) => ({ label: codeLabel(t.type), on: t.enabled }))} />
    </Section>
  );
}

export function TerminationDelaySection({ customer: { config } }: P) {
  const days = config.vehicleTerminationDays ?? 0;
  return (
    <Section title="Delay Vehicle Termination">
      <Fields items={[['Delay', `${days} ${days === 1 ? 'day' : 'days'}`]]} />
    </Section>
  );
}

export function FeatureFlagsSection({ customer: { config } }: P) {
  const flags = Object.entries(config.featureFlags ?? {}).map(([k, on]) => ({ label: codeLabel(k), on }));
  return (
    <Section title="Feature Flags">
      <Ticks
        items={[
          { label: 'Supplier Id required for enquiry allocation', on: config.supplierIdRequiredForEnquiryAllocation },
          { label: 'Ask', on: config.isEnquiryQnAEnabled },
          { label: 'Moov', on: config.isMoovEnabled },
          ...flags,
        ]}
      />
    </Section>
  );
}
