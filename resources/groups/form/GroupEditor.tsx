import { useCallback, useMemo, useRef, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Form, useRefresh, type RaRecord } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { COUNTRY_NAMES, type Country } from '../../../domain/country';
import {
  emptyGroupForm,
  GROUP_FORM_MESSAGES,
  GROUP_SAVE_MESSAGES,
  GROUP_SECTIONS,
  groupFormSchema,
  groupIdEditable,
  groupIdTaken,
  groupLengthCaps,
  toGroupForm,
  type GroupDetails,
  type GroupForm,
} from '../../../domain/groups';
import { DocumentsButton } from '../../../src/documents/DocumentsButton';
import { PageFrame, type BackLink } from '../../../src/layout/PageFrame';
import { domainResolver } from '../../../src/ui/forms/domainResolver';
import { FormFooter } from '../../../src/ui/forms/FormFooter';
import { FormSection } from '../../../src/ui/forms/FormSection';
import { useRecordSave } from '../../../src/ui/forms/useRecordSave';
import { LengthCapsProvider } from '../../../src/ui/inputs';
import { QuitGuard } from '../../../src/ui/QuitGuard';
import { AddressBlockSection, ContactBlockSection } from './BlockSections';
import { CreditLimitSection, GroupDetailsSection, InvoiceConfigSection, PlatformFeesSection, SwitchSection, useGroupIds } from './GroupSections';
import { PaybillDrawer } from './PaybillDrawer';
import { SameAsChains } from './SameAsChains';

/** Stable, so react-admin does not reset the form on every render; keeps typed values on Reload. */
const RESET_OPTIONS = { keepDirtyValues: true } as const;

export interface GroupEditorProps {
  country: Country;
  /** null: create a new group. */
  details: GroupDetails | null;
  back: BackLink;
  /** Where a saved group is shown (its details page). */
  after(accountId: string): void;
}

/**
 * Create Group / Edit Group (spec 2 §2.2, §4, §5.3) inside react-admin's CreateBase or EditBase
 * (pessimistic): the country's rules through zodResolver plus 'Group Id already exists' for a new
 * group, the "same as" chains, the save context's save (the server checks the same rules), field
 * errors under their fields, 409 through the conflict dialog, 'Quit Editing?' on the way out. The
 * documents block and the Paybill Config drawer appear on edit only.
 */
export function GroupEditor({ country, details, back, after }: GroupEditorProps) {
  const isNew = details === null;
  const refresh = useRefresh();
  const ids = useGroupIds(isNew);
  const knownIds = useRef<readonly string[]>([]);
  knownIds.current = ids.data ?? [];
  const resolver = useMemo<Resolver<GroupForm>>(() => {
    const base = domainResolver<GroupForm>(groupFormSchema(country));
    return async (values, context, options) => {
      const result = await base(values, context, options);
      if (!isNew || !groupIdTaken(values.groupId, knownIds.current)) return result;
      return { values: {}, errors: { ...result.errors, groupId: { type: 'taken', message: GROUP_FORM_MESSAGES.groupIdExists } } };
    };
  }, [country, isNew]);
  const caps = useMemo(() => groupLengthCaps(country), [country]);
  const record = useMemo(() => (details ? (toGroupForm(details) as unknown as RaRecord) : undefined), [details]);
  const defaultValues = useMemo(() => (details ? undefined : emptyGroupForm(country)), [details, country]);
  const onSaved = useCallback(
    (saved: RaRecord) => {
      refresh();
      after(String(saved.id));
    },
    [refresh, after],
  );
  const { onSubmit, saving, allowLeaving, conflictDialog } = useRecordSave({
    label: 'Group',
    isNew,
    created: GROUP_SAVE_MESSAGES.created,
    saved: GROUP_SAVE_MESSAGES.saved,
    failure: GROUP_SAVE_MESSAGES.failure,
    savedToastMs: GROUP_SAVE_MESSAGES.noticeMs,
    // Status is always sent as live (spec 2 §4).
    transform: (values: FieldValues) => ({ ...values, status: 'live' }),
    onSaved,
  });
  const [paybillOpen, setPaybillOpen] = useState(false);

  const title = isNew ? `Create Group for ${COUNTRY_NAMES[country]}` : `Edit Group of ${COUNTRY_NAMES[country]}`;
  const header = details && (
    <Button variant="outlined" onClick={() => setPaybillOpen(true)}>
      Paybill Config
    </Button>
  );
  return (
    <PageFrame title={title} back={back} header={header} blocking={saving}>
      <Form record={record} defaultValues={defaultValues} resolver={resolver} onSubmit={onSubmit} resetOptions={RESET_OPTIONS} noValidate disableInvalidFormNotification>
        <QuitGuard allowRef={allowLeaving} />
        <SameAsChains />
        <LengthCapsProvider value={caps}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <GroupDetailsSection isNew={isNew} groupIdEditable={groupIdEditable(isNew, details?.groupId)} />
            <AddressBlockSection block="address" country={country} />
            <AddressBlockSection block="billingAddress" country={country} />
            <AddressBlockSection block="payingAddress" country={country} />
            <ContactBlockSection block="contact" country={country} />
            <ContactBlockSection block="billingContact" country={country} />
            <ContactBlockSection block="payingContact" country={country} />
            <PlatformFeesSection />
            <InvoiceConfigSection />
            <CreditLimitSection country={country} />
            <SwitchSection title={GROUP_SECTIONS.enquiryProgression} source="config.skipVehicleReturnConfirmation" />
            <SwitchSection title={GROUP_SECTIONS.chatSupport} source="config.enableChatSupport" />
            <SwitchSection title={GROUP_SECTIONS.exportConfig} source="exportConfig.authorisedTransactionExport" />
            <FormSection title="Documents">
              {details ? (
                <Box>
                  <DocumentsButton kind="group" id={details.id} name={details.name} count={details.documentCount} />
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Documents can be added once the group is saved.
                </Typography>
              )}
            </FormSection>
          </Box>
        </LengthCapsProvider>
        <FormFooter back={back} saving={saving} />
      </Form>
      {conflictDialog}
      {details && <PaybillDrawer open={paybillOpen} accountId={details.id} groupName={details.name} onClose={() => setPaybillOpen(false)} />}
    </PageFrame>
  );
}
