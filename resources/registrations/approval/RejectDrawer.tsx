import { useMemo, useState, type FormEvent } from 'react';
import { Alert } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { failureText, isHttpError } from '../../../dataProvider/api';
import { REGISTRATION_MESSAGES as M, REJECT_DRAWER_WIDTH, REJECT_REASON_MAX, rejectFormSchema, type RegistrationDetails, type RejectForm } from '../../../domain/registrations';
import { useToast } from '../../../src/layout/Toasts';
import { CancelSaveButtons } from '../../../src/ui/CancelSaveButtons';
import { PlainDrawer } from '../../../src/ui/Drawer';
import { domainResolver } from '../../../src/ui/forms/domainResolver';
import { TextInput } from '../../../src/ui/inputs';
import { useQuitDialog } from '../../../src/ui/QuitDialog';
import { SEARCH } from '../paths';

const EMPTY: RejectForm = { reasonForRejection: '' };
const TITLE = 'Reject Supplier';

/**
 * Reject (spec 2 §2.3, §4, §5.5): a 600-wide drawer asking for the reason (required, at most 200).
 * On success the form resets, the drawer closes, the user goes to the search and is told so.
 */
export function RejectDrawer({ open, registration, onClose }: { open: boolean; registration: RegistrationDetails; onClose(): void }) {
  const resolver = useMemo(() => domainResolver<RejectForm>(rejectFormSchema), []);
  const form = useForm<RejectForm>({ resolver, defaultValues: EMPTY, mode: 'onTouched' });
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const toast = useToast();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
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
    void form.handleSubmit(async ({ reasonForRejection }) => {
      try {
        await dataProvider.rejectRegistration({ id: registration.id, version: registration.version, email: registration.email }, String(reasonForRejection).trim());
        finish();
        toast.success(TITLE, M.rejected);
        navigate(SEARCH);
      } catch (err) {
        const fields = isHttpError(err) ? (err.body?.errors as Record<string, string> | undefined) : undefined;
        if (fields?.reasonForRejection) return form.setError('reasonForRejection', { type: 'server', message: fields.reasonForRejection }, { shouldFocus: true });
        setProblem(failureText(err, M.rejectFailed));
      }
    })(event);
  };
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
        <TextInput source="reasonForRejection" label="Reason" required multiline maxLength={REJECT_REASON_MAX} />
      </FormProvider>
      {quit.dialog}
    </PlainDrawer>
  );
}
