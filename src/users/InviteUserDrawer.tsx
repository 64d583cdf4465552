import { useMemo, useState, type FormEvent } from 'react';
import { Alert } from '@mui/material';
import { FormProvider, useForm } from 'react-hook-form';
import {
  INVITE_DRAWER_WIDTH,
  INVITE_EMAIL_MAX,
  INVITE_FIELD_LABELS,
  INVITE_NAME_MAX,
  inviteUserFormSchema,
  stripSpaces,
  type InviteSentResponse,
  type InviteUserForm,
} from '../../domain/invites';
import { failureText, isHttpError } from '../../dataProvider/api';
import { useToast } from '../layout/Toasts';
import { domainResolver } from '../ui/forms/domainResolver';
import { TextInput } from '../ui/inputs';
import { useQuitDialog } from '../ui/QuitDialog';
import { CancelSaveButtons } from '../ui/CancelSaveButtons';
import { PlainDrawer } from '../ui/Drawer';

const EMPTY: InviteUserForm = { firstname: '', lastname: '', email: '' };
const FIELDS = Object.keys(EMPTY) as (keyof InviteUserForm)[];

export interface InviteUserDrawerProps {
  open: boolean;
  /** What the invited user becomes, said before sending (a super user of the customer…). */
  intro: string;
  /** Sends the invite for the checked form: the area's own call. */
  send(form: InviteUserForm): Promise<InviteSentResponse>;
  onClose(): void;
}

/**
 * Invite User (spec 1 §2, §5; spec 2 §2.1, §5.1) for a customer, a supplier or a group: First
 * Name, Last Name, Email. The server's 'Email Id already exists' lands on the Email field with
 * everything typed kept; closing with changes asks 'Quit Editing?'; a sent invite closes and
 * resets the drawer with a toast.
 */
export function InviteUserDrawer({ open, intro, send, onClose }: InviteUserDrawerProps) {
  const resolver = useMemo(() => domainResolver<InviteUserForm>(inviteUserFormSchema), []);
  const form = useForm<InviteUserForm>({ resolver, defaultValues: EMPTY, mode: 'onTouched' });
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);

  // Read while rendering, so react-hook-form keeps these up to date for this component.
  const { isDirty, isSubmitting } = form.formState;
  const finish = () => {
    form.reset(EMPTY);
    setProblem(null);
    onClose();
  };
  const quit = useQuitDialog(isDirty, finish);
  const close = () => {
    if (!isSubmitting) quit.requestClose();
  };

  const submit = (event: FormEvent) => {
    setProblem(null);
    void form.handleSubmit(async (value) => {
      const clean = inviteUserFormSchema.parse(value) as InviteUserForm;
      try {
        const { inviteSent } = await send(clean);
        if (inviteSent) toast.success('Invite sent', `An invitation e-mail was sent to ${clean.email}.`);
        else toast.warning('Invite not sent', `${clean.firstname} ${clean.lastname} was added but the e-mail could not be sent. Use Resend Invite in Users.`);
        finish();
      } catch (err) {
        const fields = isHttpError(err) ? err.body?.errors : undefined;
        const known = fields ? FIELDS.filter((f) => fields[f]) : [];
        if (known.length > 0) {
          // Field errors from the server ('Email Id already exists') go next to their field.
          known.forEach((f, i) => form.setError(f, { type: 'server', message: fields![f] }, { shouldFocus: i === 0 }));
          return;
        }
        const message = failureText(err, 'Please try again.');
        setProblem(message);
        toast.error('Invite not sent', message);
      }
    })(event);
  };

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
        <TextInput source="firstname" label={INVITE_FIELD_LABELS.firstname} required maxLength={INVITE_NAME_MAX} />
        <TextInput source="lastname" label={INVITE_FIELD_LABELS.lastname} required maxLength={INVITE_NAME_MAX} />
        <TextInput source="email" label={INVITE_FIELD_LABELS.email} required type="email" inputMode="email" maxLength={INVITE_EMAIL_MAX} transform={stripSpaces} />
      </FormProvider>
      {/* Inside the drawer, so that after Quit the focus goes back to the button that opened the drawer. */}
      {quit.dialog}
    </PlainDrawer>
  );
}
