import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import { useController } from 'react-hook-form';
import type { ConsoleDataProvider } from '../../dataProvider';
import { personName } from '../../domain/common';
import {
  currentCompany,
  EMPTY_REASSIGN_FORM,
  MASTER_LOGIN_LABELS,
  MASTER_LOGIN_MESSAGES,
  REASSIGN_DRAWER_TITLE,
  REASSIGN_DRAWER_WIDTH,
  REASSIGN_FORM_SCHEMAS,
  type CompanyChoice,
  type MasterUser,
  type MasterUserType,
  type ReassignForm,
} from '../../domain/masterLogins';
import { GroupSearchField } from '../../src/network/GroupSearchField';
import { PlainDrawer, useOpenCount } from '../../src/ui/Drawer';
import { useVersionedDrawerForm } from '../../src/ui/forms/useVersionedDrawerForm';

export interface ReassignLoginDrawerProps {
  open: boolean;
  /** The row as the list shows it: its version is the one saved at. */
  user: MasterUser;
  type: MasterUserType;
  onClose(): void;
}

/**
 * Reassign Login for (spec 3 §2.3): the user picks a lease company (V-Customer) or a supplier group
 * (V-Supplier) by searching its name, and saves at the version the list showed. Closing with a
 * company picked asks 'Quit Editing?'; a save refreshes the list and closes the drawer.
 */
export function ReassignLoginDrawer(props: ReassignLoginDrawerProps) {
  return <ReassignLoginForm key={useOpenCount(props.open)} {...props} />;
}

function ReassignLoginForm({ open, user, type, onClose }: ReassignLoginDrawerProps) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const name = personName(user);
  const label = MASTER_LOGIN_LABELS.companyField[type];
  const { form, drawer, dialogs } = useVersionedDrawerForm<ReassignForm>({
    record: user,
    schema: REASSIGN_FORM_SCHEMAS[type],
    initial: EMPTY_REASSIGN_FORM,
    title: `${REASSIGN_DRAWER_TITLE} ${name}`,
    // The schema has checked that a company is picked.
    save: (values, { dataProvider }) => dataProvider.reassignLogin(user, type, values.company as CompanyChoice),
    saved: MASTER_LOGIN_MESSAGES.saved(name),
    failed: MASTER_LOGIN_MESSAGES.saveFailed,
    onClose,
  });
  const { field, fieldState } = useController({ name: 'company', control: form.control });
  const search = useCallback((text: string, signal: AbortSignal) => dataProvider.companiesByName(type, text, signal), [dataProvider, type]);
  const current = currentCompany(user, type);
  return (
    <>
      <PlainDrawer
        open={open}
        title={REASSIGN_DRAWER_TITLE}
        subtitle={name}
        intro={current ? `${MASTER_LOGIN_LABELS.company}: ${current.name}` : undefined}
        closeButton
        width={REASSIGN_DRAWER_WIDTH}
        gap={3}
        {...drawer}
      >
        <GroupSearchField
          label={label}
          failedText={MASTER_LOGIN_MESSAGES.searchFailed[type]}
          required
          value={field.value}
          onChange={(next) => field.onChange(next)}
          search={search}
          error={fieldState.error?.message ?? null}
          inputRef={field.ref}
          onTyping={() => form.clearErrors('company')}
        />
      </PlainDrawer>
      {dialogs}
    </>
  );
}
