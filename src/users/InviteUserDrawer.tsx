import { Alert } from '@mui/material';
import { useNotify } from 'react-admin';
import { FormProvider } from 'react-hook-form';
import {
  EMAIL_EXISTS,
  INVITE_DRAWER_WIDTH,
  INVITE_EMAIL_MAX,
  INVITE_FIELD_LABELS,
  INVITE_NAME_MAX,
  inviteUserFormSchema,
  stripSpaces,
  type InviteSentResponse,
  type InviteUserForm,
} from '../../domain/invites';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useDrawerForm } from '../ui/forms/useDrawerForm';
import { CappedTextInput } from '../ui/inputs';
import { CancelSaveButtons } from '../ui/CancelSaveButtons';
import { PlainDrawer } from '../ui/Drawer';

const EMPTY: InviteUserForm = { firstname: '', lastname: '', email: '' };

export interface InviteUserDrawerProps {
  open: boolean;
  /** What the invited user becomes, said before sending (a super user of the customer…). */
  intro: string;
  /** Sends the invite for the checked form: the area's own call, through `dataProvider` (the invite's user action). */
  send(form: InviteUserForm, dataProvider: ConsoleDataProvider): Promise<InviteSentResponse>;
  onClose(): void;
}

/**
 * Invite User (spec 1 §2, §5; spec 2 §2.1, §5.1) for a customer, a supplier or a group: First
 * Name, Last Name, Email. The server's 'Email Id already exists' (an error, or emailExists) lands on the Email field with
 * everything typed kept; closing with changes asks 'Quit Editing?'; a sent invite closes and
 * resets the drawer with a toast.
 */
export function InviteUserDrawer({ open, intro, send, onClose }: InviteUserDrawerProps) {
  const notify = useNotify();
  const { form, problem, isSubmitting, close, submit, quitDialog } = useDrawerForm<InviteUserForm>({
    schema: inviteUserFormSchema,
    empty: EMPTY,
    failure: 'Please try again.',
    onClose,
    onFailure: (message) => notify(message, { type: 'error', title: 'Invite not sent' }),
    send: async (value, { dataProvider }) => {
      const clean = inviteUserFormSchema.parse(value) as InviteUserForm;
      const { inviteSent, emailExists } = await send(clean, dataProvider);
      if (emailExists) return { email: EMAIL_EXISTS };
      if (inviteSent) notify(`An invitation e-mail was sent to ${clean.email}.`, { type: 'success', title: 'Invite sent' });
      else notify(`${clean.firstname} ${clean.lastname} was added but the e-mail could not be sent. Use Resend Invite in Users.`, { type: 'warning', title: 'Invite not sent' });
    },
  });

  return (
    <PlainDrawer
      open={open}
      title="Invite User"
      titleId="invite-user-title"
      intro={intro}
      width={INVITE_DRAWER_WIDTH}
      gap={2.25}
      onClose={close}
      onSubmit={submit}
      footer={<CancelSaveButtons onCancel={close} cancelDisabled={isSubmitting} saveLabel={isSubmitting ? 'Sending…' : 'Send Invite'} saveDisabled={isSubmitting} />}
    >
      <FormProvider {...form}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <CappedTextInput source="firstname" label={INVITE_FIELD_LABELS.firstname} required maxLength={INVITE_NAME_MAX} />
        <CappedTextInput source="lastname" label={INVITE_FIELD_LABELS.lastname} required maxLength={INVITE_NAME_MAX} />
        <CappedTextInput source="email" label={INVITE_FIELD_LABELS.email} required type="email" inputMode="email" maxLength={INVITE_EMAIL_MAX} transform={stripSpaces} />
      </FormProvider>
      {/* Inside the drawer, so that after Quit the focus goes back to the button that opened the drawer. */}
      {quitDialog}
    </PlainDrawer>
  );
}
