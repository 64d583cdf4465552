import { memo } from 'react';
import { APP_SERVICE_TYPES, CUSTOMER_CONFIG_TEXT_MAX, VEHICLE_MAINTENANCE_TYPES, WEB_LINK_NETWORK_POLICIES, WEBHOOK_TOPICS, type Country } from '../../../../domain/customers';
import { lengthCapHint } from '../../../../domain/lengthCap';
import { codeLabel, NETWORK_POLICY_LABELS } from '../../labels';
import { CheckboxSetInput, Row, ChoiceInput, SwitchInput, CappedTextInput } from '../../../../src/ui/inputs';
import { FormSection, Tiles } from '../../../../src/ui/forms/FormSection';
import { labelFor } from '../formLabels';
import { useFieldState } from '../FieldState';
import { LogoInput } from '../LogoInput';

export const NetworkPolicySection = memo(function NetworkPolicySection({ country }: { country: Country }) {
  const L = labelFor(country);
  return (
    <FormSection title="Network Policy">
      <Row>
        <ChoiceInput source="config.webLink.webLinkNetworkPolicy" label={L('config.webLink.webLinkNetworkPolicy')} options={WEB_LINK_NETWORK_POLICIES.map((p) => ({ value: p, label: NETWORK_POLICY_LABELS[p] }))} />
      </Row>
    </FormSection>
  );
});

export const CustomerInfoSection = memo(function CustomerInfoSection({ country }: { country: Country }) {
  const L = labelFor(country);
  const fs = useFieldState();
  return (
    <FormSection title="Customer Info">
      <SwitchInput source="config.customerInfo.isEnabled" label="Enable Customer Info" />
      <Row columns={2}>
        <CappedTextInput source="config.customerInfo.title" label={L('config.customerInfo.title')} disabled={fs.customerInfo} required={fs.required.customerInfo} />
        <CappedTextInput source="config.customerInfo.url" label={L('config.customerInfo.url')} disabled={fs.customerInfo} type="url" />
        <CappedTextInput source="config.customerInfo.phoneNumber" label={L('config.customerInfo.phoneNumber')} disabled={fs.customerInfo} type="tel" />
      </Row>
      <CappedTextInput source="config.customerInfo.description" label={L('config.customerInfo.description')} disabled={fs.customerInfo} required={fs.required.customerInfo} multiline />
    </FormSection>
  );
});

export const WebLinkSection = memo(function WebLinkSection({ country, leaseCompanyId }: { country: Country; leaseCompanyId: string | null }) {
  const L = labelFor(country);
  const fs = useFieldState();
  return (
    <FormSection title="Web Link - Online Booking">
      <SwitchInput source="config.webLink.isEnabled" label="Enable Web Link" />
      <CheckboxSetInput source="config.webLink.serviceTypes" label={L('config.webLink.serviceTypes')} disabled={fs.webLink} options={APP_SERVICE_TYPES.map((t) => ({ value: t, label: codeLabel(t) }))} />
      <CheckboxSetInput
        source="config.webLink.vehicleMaintenanceTypes"
        label={L('config.webLink.vehicleMaintenanceTypes')}
        disabled={fs.webLink}
        options={VEHICLE_MAINTENANCE_TYPES.map((t) => ({ value: t, label: codeLabel(t) }))}
      />
      <Row columns={2}>
        <CappedTextInput source="config.webLink.privacyPolicyUrl" label={L('config.webLink.privacyPolicyUrl')} disabled={fs.webLink} type="url" />
      </Row>
      <CappedTextInput source="config.webLink.instructions" label={L('config.webLink.instructions')} disabled={fs.webLink} multiline helperText={lengthCapHint(CUSTOMER_CONFIG_TEXT_MAX.instructions)} />
      <LogoInput disabled={fs.webLink} leaseCompanyId={leaseCompanyId} />
    </FormSection>
  );
});

export const WebhooksSection = memo(function WebhooksSection({ country }: { country: Country }) {
  const L = labelFor(country);
  const fs = useFieldState();
  return (
    <FormSection title="Webhooks">
      <SwitchInput source="webhooks.enabled" label="Enable Webhooks" />
      <Row columns={2}>
        <CappedTextInput source="webhooks.authorizationUrl" label={L('webhooks.authorizationUrl')} disabled={fs.webhooks.authorizationUrl} type="url" />
      </Row>
      {WEBHOOK_TOPICS.map((t, i) => (
        <Row key={t} columns={2}>
          <SwitchInput source={`webhooks.topics.${i}.enabled`} label={codeLabel(t)} disabled={fs.webhooks.topics} />
          <CappedTextInput source={`webhooks.topics.${i}.url`} label={`${codeLabel(t)} ${L('webhooks.topics.url')}`} disabled={fs.webhooks.topicUrls[i]} type="url" />
        </Row>
      ))}
    </FormSection>
  );
});
