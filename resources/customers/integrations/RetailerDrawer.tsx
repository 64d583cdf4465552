import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { RETAILER_DRAWER_WIDTH, RETAILER_FIELD_LABELS, retailerConfigSchema, type CustomerDetails, type RetailerConfig } from '../../../domain/customers';
import { Fields } from '../../../src/ui/details';
import { CappedTextInput } from '../../../src/ui/inputs';
import { FormDrawer, useOpenCount } from '../../../src/ui/Drawer';
import { useVersionedDrawerForm } from '../../../src/ui/forms/useVersionedDrawerForm';

/** The button and drawer title (ours: the spec does not name them). */
export const RETAILER_TITLE = 'Retailer Integration';

interface Values {
  retailerConfig: RetailerConfig;
}
const schema = z.object({ retailerConfig: retailerConfigSchema });

/** The current mapping, or that there is none yet. */
function CurrentMapping({ config }: { config: RetailerConfig | null }) {
  return (
    <Box component="section" aria-labelledby="retailer-current" sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography id="retailer-current" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Current mapping
      </Typography>
      {config ? (
        <Fields items={[[RETAILER_FIELD_LABELS.custCust, config.custCust], [RETAILER_FIELD_LABELS.mappingId, config.mappingId]]} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No mapping saved yet: this customer is not linked to the payment platform.
        </Typography>
      )}
    </Box>
  );
}

/** Third-party (retailer payment platform) mapping of a customer (spec 1 §2, §3, §5). */
export function RetailerDrawer(props: { open: boolean; customer: CustomerDetails; onClose(): void }) {
  return <RetailerDrawerBody key={useOpenCount(props.open)} {...props} />;
}

function RetailerDrawerBody({ open, customer, onClose }: { open: boolean; customer: CustomerDetails; onClose(): void }) {
  const initial = useMemo<Values>(() => ({ retailerConfig: { custCust: customer.retailerConfig?.custCust ?? '', mappingId: customer.retailerConfig?.mappingId ?? '' } }), [customer]);
  const { form, drawer, dialogs } = useVersionedDrawerForm({
    record: customer,
    schema,
    initial,
    title: RETAILER_TITLE,
    save: (values, { dataProvider }) => dataProvider.saveRetailerConfig(customer.id, customer.version, values.retailerConfig),
    saved: 'Retailer mapping saved',
    onClose,
  });

  return (
    <>
      <FormDrawer open={open} title={RETAILER_TITLE} width={RETAILER_DRAWER_WIDTH} {...drawer}>
        <Typography variant="body2" color="text.secondary">
          How {customer.name} is known at the retailer payment platform.
        </Typography>
        <CurrentMapping config={customer.retailerConfig} />
        <FormProvider {...form}>
          <CappedTextInput source="retailerConfig.custCust" label={RETAILER_FIELD_LABELS.custCust} required maxLength={100} />
          <CappedTextInput source="retailerConfig.mappingId" label={RETAILER_FIELD_LABELS.mappingId} required maxLength={100} />
        </FormProvider>
      </FormDrawer>
      {dialogs}
    </>
  );
}
