import { useEffect } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useGetOne, useUpdate, useNotify } from 'react-admin';
import { FormProvider } from 'react-hook-form';
import {
  PAYBILL_CAPS,
  PAYBILL_DRAWER_TITLE,
  PAYBILL_DRAWER_WIDTH,
  PAYBILL_LABELS,
  PAYBILL_MESSAGES,
  paybillFormSchema,
  type PaybillForm,
  type PaybillRecordData,
} from '../../domain/savi';
import { PAYBILL_SETTINGS_ID } from '../../domain/finance';
import { paybillDetailsResource } from '../../domain/resources/savi';
import { FormDrawer, PlainDrawer, useOpenCount } from '../../src/ui/Drawer';
import { useVersionedDrawerForm } from '../../src/ui/forms/useVersionedDrawerForm';
import { LengthCapsProvider, Row, CappedTextInput } from '../../src/ui/inputs';

export interface PaybillDrawerProps {
  open: boolean;
  onClose(): void;
}

/**
 * Paybill Address and Footer (spec 3 §2.1, §5): the stored values, read each time the drawer opens,
 * saved at the version it showed. What invoices and statements print.
 */
export function PaybillDrawer(props: PaybillDrawerProps) {
  return <PaybillDrawerBody key={useOpenCount(props.open)} {...props} />;
}

function PaybillDrawerBody({ open, onClose }: PaybillDrawerProps) {
  const notify = useNotify();
  const { data, error } = useGetOne<PaybillRecordData>(paybillDetailsResource.name, { id: PAYBILL_SETTINGS_ID }, { enabled: open, retry: false, refetchOnMount: 'always' });
  useEffect(() => {
    if (error) notify(PAYBILL_MESSAGES.fetchFailed, { type: 'error', title: PAYBILL_DRAWER_TITLE });
    // The toast once per failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  if (!data) {
    return (
      <PlainDrawer open={open} title={PAYBILL_DRAWER_TITLE} closeButton width={PAYBILL_DRAWER_WIDTH} onClose={onClose}>
        {error ? (
          <Alert severity="error">{PAYBILL_MESSAGES.fetchFailed}</Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading the paybill address and footer" />
          </Box>
        )}
      </PlainDrawer>
    );
  }
  return <PaybillFormDrawer open={open} record={data} onClose={onClose} />;
}

function PaybillFormDrawer({ open, record, onClose }: { open: boolean; record: PaybillRecordData; onClose(): void }) {
  const [update] = useUpdate<PaybillRecordData>();
  const { id: _id, version: _version, ...initial } = record;
  const { form, drawer, dialogs } = useVersionedDrawerForm<PaybillForm>({
    record,
    schema: paybillFormSchema,
    initial,
    title: PAYBILL_DRAWER_TITLE,
    save: (values, { meta }) => update(paybillDetailsResource.name, { id: record.id, data: { ...values, id: record.id, version: record.version }, previousData: record, meta }, { mutationMode: 'pessimistic', returnPromise: true }),
    saved: PAYBILL_MESSAGES.saved,
    onClose,
  });
  return (
    <>
      <FormDrawer open={open} title={PAYBILL_DRAWER_TITLE} width={PAYBILL_DRAWER_WIDTH} {...drawer}>
        <Typography variant="body2" color="text.secondary">
          The address and footer printed on pay bill invoices and SAVi statements.
        </Typography>
        <FormProvider {...form}>
          <LengthCapsProvider value={PAYBILL_CAPS}>
            <CappedTextInput source="companyName" label={PAYBILL_LABELS.companyName} required />
            <Row columns={2}>
              <CappedTextInput source="number" label={PAYBILL_LABELS.number} required />
              <CappedTextInput source="address1" label={PAYBILL_LABELS.address1} required />
            </Row>
            <Row columns={2}>
              <CappedTextInput source="address2" label={PAYBILL_LABELS.address2} required />
              <CappedTextInput source="address3" label={PAYBILL_LABELS.address3} required />
            </Row>
            <Row columns={2}>
              <CappedTextInput source="county" label={PAYBILL_LABELS.county} required />
              <CappedTextInput source="postCode" label={PAYBILL_LABELS.postCode} required />
            </Row>
            <CappedTextInput source="footer" label={PAYBILL_LABELS.footer} required multiline />
          </LengthCapsProvider>
        </FormProvider>
      </FormDrawer>
      {dialogs}
    </>
  );
}
