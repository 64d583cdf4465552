import { useMemo } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { FormProvider } from 'react-hook-form';
import {
  EMPTY_ESCALATION,
  ESCALATION_CAPS,
  ESCALATION_DRAWER_WIDTH,
  ESCALATION_LABELS,
  ESCALATION_SAVED,
  escalationFormSchema,
  type EscalationForm,
  type SupplierDetails,
} from '../../../domain/suppliers';
import { supplierResource } from '../../../domain/resources/supplier';
import { stripSpaces } from '../../../domain/formats';
import { FormDrawer, PlainDrawer, useOpenCount } from '../../../src/ui/Drawer';
import { useVersionedDrawerForm } from '../../../src/ui/forms/useVersionedDrawerForm';
import { LengthCapsProvider, CappedTextInput } from '../../../src/ui/inputs';

const TITLE = 'Escalation Information';

export interface EscalationDrawerProps {
  open: boolean;
  /** The supplier (serviceUnitId), its group (accountObjectId) and its name. */
  supplier: { id: string; accountObjectId: string; name: string };
  onClose(): void;
}

/**
 * Escalation Information (spec 2 §2.1, §3.2, §5.2): the supplier's escalation contact, read when
 * the drawer opens and saved at the version it showed. Closing with changes asks 'Quit Editing?';
 * a save closes the drawer, and the next opening starts from the saved contact.
 */
export function EscalationDrawer(props: EscalationDrawerProps) {
  return <EscalationDrawerBody key={useOpenCount(props.open)} {...props} />;
}

function EscalationDrawerBody({ open, supplier, onClose }: EscalationDrawerProps) {
  const { data, error } = useGetOne<SupplierDetails>(supplierResource.name, { id: supplier.id, meta: { accountObjectId: supplier.accountObjectId } }, { enabled: open, retry: false });
  if (!data) {
    return (
      <PlainDrawer open={open} title={TITLE} subtitle={supplier.name} closeButton width={ESCALATION_DRAWER_WIDTH} onClose={onClose}>
        {error ? (
          <Alert severity="error">The escalation information could not be loaded.</Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading escalation information" />
          </Box>
        )}
      </PlainDrawer>
    );
  }
  return <EscalationForm open={open} details={data} onClose={onClose} />;
}

function EscalationForm({ open, details, onClose }: { open: boolean; details: SupplierDetails; onClose(): void }) {
  const current = details.escalationInformation;
  const initial = useMemo<EscalationForm>(() => (current ? { name: current.name, number: current.number, email: current.email ?? '', notes: current.notes } : EMPTY_ESCALATION), [current]);
  const { form, drawer, dialogs } = useVersionedDrawerForm<EscalationForm>({
    record: details,
    schema: escalationFormSchema,
    initial,
    title: TITLE,
    save: (values, { dataProvider }) => dataProvider.saveEscalationInformation(details, current?.version ?? null, values),
    saved: ESCALATION_SAVED,
    onClose,
  });
  return (
    <>
      <FormDrawer open={open} title={TITLE} width={ESCALATION_DRAWER_WIDTH} {...drawer}>
        <Typography variant="body2" color="text.secondary">
          Who to contact at {details.name} when an enquiry needs escalating.
        </Typography>
        <FormProvider {...form}>
          <LengthCapsProvider value={ESCALATION_CAPS}>
            <CappedTextInput source="name" label={ESCALATION_LABELS.name} required />
            <CappedTextInput source="number" label={ESCALATION_LABELS.number} required type="tel" inputMode="tel" />
            <CappedTextInput source="email" label={ESCALATION_LABELS.email} type="email" inputMode="email" transform={stripSpaces} />
            <CappedTextInput source="notes" label={ESCALATION_LABELS.notes} required multiline />
          </LengthCapsProvider>
        </FormProvider>
      </FormDrawer>
      {dialogs}
    </>
  );
}
