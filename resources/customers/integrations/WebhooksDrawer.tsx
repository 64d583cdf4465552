import { useEffect, useMemo } from 'react';
import { Alert } from '@mui/material';
import { FormProvider, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  completeWebhooks,
  countryOfLocale,
  webhookFieldState,
  webhooksDrawerSchema,
  WEBHOOK_TOPICS,
  type CustomerDetails,
  type Webhooks,
} from '../../../domain/customers';
import { codeLabel } from '../labels';
import { Row, SwitchInput, CappedTextInput } from '../../../src/ui/inputs';
import { labelFor } from '../form/formLabels';
import { FormDrawer, useOpenCount } from '../../../src/ui/Drawer';
import { useVersionedDrawerForm } from '../../../src/ui/forms/useVersionedDrawerForm';

/** Spec 1 §9: the Webhook Subscriptions drawer is 750 wide. */
export const WEBHOOKS_DRAWER_WIDTH = 750;
const TITLE = 'Webhook Subscriptions';

interface Values {
  webhooks: Webhooks;
}
const schema = z.object({ webhooks: webhooksDrawerSchema });

/** The fields, with the spec 1 §4 states: topics off and disabled while webhooks are off; a topic URL only with its topic on. */
function WebhookFields({ country }: { country: ReturnType<typeof countryOfLocale> }) {
  const L = labelFor(country);
  const wh = useWatch<Values, 'webhooks'>({ name: 'webhooks' });
  const fs = webhookFieldState(wh);
  return (
    <>
      <SwitchInput source="webhooks.enabled" label="Enable Webhooks" />
      <Row columns={1}>
        <CappedTextInput source="webhooks.authorizationUrl" label={L('webhooks.authorizationUrl')} disabled={fs.authorizationUrl} required={wh.enabled} type="url" />
      </Row>
      {WEBHOOK_TOPICS.map((t, i) => (
        <Row key={t} columns={2}>
          <SwitchInput source={`webhooks.topics.${i}.enabled`} label={codeLabel(t)} disabled={fs.topics} />
          <CappedTextInput source={`webhooks.topics.${i}.url`} label={`${codeLabel(t)} ${L('webhooks.topics.url')}`} disabled={fs.topicUrls[i]} required={!fs.topicUrls[i]} type="url" />
        </Row>
      ))}
    </>
  );
}

/** Webhook Subscriptions (spec 1 §2): the customer's webhooks, saved on their own at the page's version. */
export function WebhooksDrawer(props: { open: boolean; customer: CustomerDetails; onClose(): void }) {
  return <WebhooksDrawerBody key={useOpenCount(props.open)} {...props} />;
}

function WebhooksDrawerBody({ open, customer, onClose }: { open: boolean; customer: CustomerDetails; onClose(): void }) {
  const initial = useMemo<Values>(() => ({ webhooks: completeWebhooks(customer.webhooks) }), [customer]);
  const { form, drawer, dialogs } = useVersionedDrawerForm({
    record: customer,
    schema,
    initial,
    title: TITLE,
    save: (values, { dataProvider }) => dataProvider.updateLeaseWebhooks(customer.id, customer.version, values.webhooks),
    saved: 'Webhook subscriptions saved',
    onClose,
  });

  // Spec 1 §4: switching webhooks off switches every topic off.
  const enabled = useWatch({ control: form.control, name: 'webhooks.enabled' });
  useEffect(() => {
    if (enabled) return;
    form.getValues('webhooks.topics').forEach((t, i) => {
      if (t.enabled) form.setValue(`webhooks.topics.${i}.enabled`, false, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    });
  }, [enabled, form]);

  return (
    <>
      <FormDrawer open={open} title={TITLE} width={WEBHOOKS_DRAWER_WIDTH} {...drawer}>
        <Alert severity="info" variant="outlined">
          {customer.name} receives a call at a topic&apos;s URL when that topic changes, authorised through the Authorization URL.
        </Alert>
        <FormProvider {...form}>
          <WebhookFields country={countryOfLocale(customer.locale)} />
        </FormProvider>
      </FormDrawer>
      {dialogs}
    </>
  );
}
