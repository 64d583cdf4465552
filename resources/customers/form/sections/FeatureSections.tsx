import { memo } from 'react';
import {
  ALLOWED_ASSIGNMENTS, COMPLIANCE_TYPES, DOWNTIME_ACTIONS, ENQUIRY_APPOINTMENT_DAYS, HEALTH_CHECK_TYPES, MENU_ITEMS, NOTIFICATION_TYPES,
  APP_SERVICE_TYPES, VEHICLE_TERMINATION_DAYS, type Country,
} from '../../../../domain/customers';
import { codeLabel } from '../../labels';
import { Row, ChoiceInput, SwitchInput, CappedTextInput } from '../../../../src/ui/inputs';
import { FormSection, Tiles } from '../../../../src/ui/forms/FormSection';
import { labelFor } from '../formLabels';
import { useFieldState } from '../FieldState';

/** Toggle lists keep the catalogue order (completeCustomerConfig), so index i is type i. */

export const EnquiryProgressSection = memo(function EnquiryProgressSection({ country }: { country: Country }) {
  const L = labelFor(country);
  return (
    <FormSection title="Enquiry Progress">
      <Tiles>
        <SwitchInput source="config.enquiryProgress.enableProgressBar" label="Enable Progress Bar" />
        <SwitchInput source="config.enquiryProgress.sendPushNotifications" label="Send Push Notifications" />
      </Tiles>
      <Row>
        <CappedTextInput source="config.enquiryProgress.progressEmail" label={L('config.enquiryProgress.progressEmail')} type="email" />
      </Row>
    </FormSection>
  );
});

export const DowntimeQueueSection = memo(function DowntimeQueueSection() {
  const fs = useFieldState();
  return (
    <FormSection title="Downtime Queue">
      <SwitchInput source="config.downTimeQueue.isEnabled" label="Enable Downtime Queue" />
      <Tiles>
        {DOWNTIME_ACTIONS.map((t, i) => (
          <SwitchInput key={t} source={`config.downTimeQueue.downTimeActions.${i}.enabled`} label={codeLabel(t)} disabled={fs.downTimeActions} />
        ))}
      </Tiles>
    </FormSection>
  );
});

export const ComplianceSection = memo(function ComplianceSection() {
  const fs = useFieldState();
  return (
    <FormSection title="Compliance" description={fs.compliances.block ? 'Turn on Services In App to use compliance checks.' : undefined}>
      <SwitchInput source="config.compliances.isEnabled" label="Enable Compliance" disabled={fs.compliances.block} />
      <Tiles>
        {COMPLIANCE_TYPES.map((t, i) => (
          <SwitchInput key={t} source={`config.compliances.complianceTypes.${i}.enabled`} label={codeLabel(t)} disabled={fs.compliances.types} />
        ))}
      </Tiles>
    </FormSection>
  );
});

export const HealthCheckSection = memo(function HealthCheckSection() {
  const fs = useFieldState();
  return (
    <FormSection title="Vehicle Health Check" description={fs.healthChecks.block ? 'Turn on Services In App to use health checks.' : undefined}>
      <SwitchInput source="config.healthChecks.isEnabled" label="Enable Vehicle Health Check" disabled={fs.healthChecks.block} />
      <Tiles>
        {HEALTH_CHECK_TYPES.map((t, i) => (
          <SwitchInput key={t} source={`config.healthChecks.healthCheckTypes.${i}.enabled`} label={codeLabel(t)} disabled={fs.healthChecks.types} />
        ))}
      </Tiles>
    </FormSection>
  );
});

export const MenuBarSection = memo(function MenuBarSection() {
  const fs = useFieldState();
  return (
    <FormSection title="Menu Bar Options">
      <SwitchInput source="config.menuOptions.isEnabled" label="Enable Menu Bar Options" />
      <Tiles>
        {MENU_ITEMS.map((t, i) => (
          <SwitchInput key={t} source={`config.menuOptions.menuItems.${i}.enabled`} label={codeLabel(t)} disabled={fs.menuItems[t]} />
        ))}
      </Tiles>
    </FormSection>
  );
});

export const AppointmentDatesSection = memo(function AppointmentDatesSection({ country }: { country: Country }) {
  const L = labelFor(country);
  return (
    <FormSection title="Enquiry Appointment Dates">
      <Row>
        <ChoiceInput source="config.enquiryAppointmentDates.days" label={L('config.enquiryAppointmentDates.days')} numeric options={ENQUIRY_APPOINTMENT_DAYS.map((d) => ({ value: d, label: String(d) }))} />
      </Row>
    </FormSection>
  );
});

export const NotificationsSection = memo(function NotificationsSection() {
  const fs = useFieldState();
  return (
    <FormSection title="Notifications" description={fs.notifications.block ? 'Turn on Services In App to send notifications.' : undefined}>
      <SwitchInput source="config.notifications.isEnabled" label="Enable Notifications" disabled={fs.notifications.block} />
      <Tiles>
        {NOTIFICATION_TYPES.map((t, i) => (
          <SwitchInput key={t} source={`config.notifications.notificationTypes.${i}.switchedOn`} label={codeLabel(t)} disabled={fs.notifications.types} />
        ))}
      </Tiles>
    </FormSection>
  );
});

export const StockSection = memo(function StockSection() {
  return (
    <FormSection title="Stock">
      <SwitchInput source="config.stock.isImportFileSupplied" label="Import File Supplied" />
    </FormSection>
  );
});

export const AppServicesSection = memo(function AppServicesSection() {
  const fs = useFieldState();
  return (
    <FormSection title="Services In App">
      <SwitchInput source="config.services.isEnabled" label="Enable Services In App" />
      <Tiles>
        {APP_SERVICE_TYPES.map((t, i) => (
          <SwitchInput key={t} source={`config.services.types.${i}.enabled`} label={codeLabel(t)} disabled={fs.serviceTypes} />
        ))}
      </Tiles>
      <Tiles>
        <SwitchInput source="config.supplierIdRequiredForEnquiryAllocation" label="Supplier Id required for enquiry allocation" />
        <SwitchInput source="config.isEnquiryQnAEnabled" label="Ask" />
        <SwitchInput source="config.isMoovEnabled" label="Moov" />
      </Tiles>
    </FormSection>
  );
});

export const TerminationDelaySection = memo(function TerminationDelaySection({ country }: { country: Country }) {
  const L = labelFor(country);
  return (
    <FormSection title="Delay Vehicle Termination">
      <Row>
        <ChoiceInput
          source="config.vehicleTerminationDays"
          label={L('config.vehicleTerminationDays')}
          numeric
          options={[{ value: 0, label: 'No delay' }, ...VEHICLE_TERMINATION_DAYS.map((d) => ({ value: d, label: `${d} ${d === 1 ? 'day' : 'days'}` }))]}
        />
      </Row>
    </FormSection>
  );
});

export const AllowedAssignmentsSection = memo(function AllowedAssignmentsSection({ country }: { country: Country }) {
  const L = labelFor(country);
  return (
    <FormSection title="Number of allowed assignments">
      <Row>
        <ChoiceInput source="maxSubCustomerAssignmentsAllowed" label={L('maxSubCustomerAssignmentsAllowed')} numeric options={ALLOWED_ASSIGNMENTS.map((n) => ({ value: n, label: String(n) }))} />
      </Row>
    </FormSection>
  );
});
