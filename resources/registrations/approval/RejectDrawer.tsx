import { Alert } from '@mui/material';
import { useNotify } from 'react-admin';
import { FormProvider } from 'react-hook-form';
import { REGISTRATION_MESSAGES as M, REJECT_DRAWER_WIDTH, REJECT_REASON_MAX, rejectFormSchema, type RegistrationDetails, type RejectForm } from '../../../domain/registrations';
import { CancelSaveButtons } from '../../../src/ui/CancelSaveButtons';
import { PlainDrawer } from '../../../src/ui/Drawer';
import { useDrawerForm } from '../../../src/ui/forms/useDrawerForm';
import { CappedTextInput } from '../../../src/ui/inputs';

const EMPTY: RejectForm = { reasonForRejection: '' };
const TITLE = 'Reject Supplier';

/**
 * Reject (spec 2 §2.3, §4, §5.5): a 600-wide drawer asking for the reason (required, at most 200).
 * On success the form resets, the drawer closes, the user is told so and `onRejected` leaves the
 * registration (to the search).
 */
export function RejectDrawer({ open, registration, onClose, onRejected }: { open: boolean; registration: RegistrationDetails; onClose(): void; onRejected(): void }) {
  const notify = useNotify();
  const { form, problem, isSubmitting, close, submit, quitDialog } = useDrawerForm<RejectForm>({
    schema: rejectFormSchema,
    empty: EMPTY,
    failure: M.rejectFailed,
    onClose,
    send: async ({ reasonForRejection }, { dataProvider }) => {
      await dataProvider.rejectRegistration({ id: registration.id, version: registration.version, email: registration.email }, String(reasonForRejection).trim());
      notify(M.rejected, { type: 'success', title: TITLE });
      onRejected();
    },
  });
  return (
    <PlainDrawer
      open={open}
      title={TITLE}
      intro={`The applicant of ${registration.companyDetails.name} is told by e-mail, with the reason.`}
      width={REJECT_DRAWER_WIDTH}
      onClose={close}
      onSubmit={submit}
      footer={<CancelSaveButtons onCancel={close} cancelDisabled={isSubmitting} saveLabel={isSubmitting ? 'Rejecting…' : 'Reject'} saveDisabled={isSubmitting} />}
    >
      <FormProvider {...form}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <CappedTextInput source="reasonForRejection" label="Reason" required multiline maxLength={REJECT_REASON_MAX} />
      </FormProvider>
      {quitDialog}
    </PlainDrawer>
  );
}
