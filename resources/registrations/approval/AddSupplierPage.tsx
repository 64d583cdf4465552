import { useMemo, useRef, useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { ShowBase, useCanAccess, useRecordContext } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { approvalFormSchema, approvalLengthCaps, REGISTRATION_MESSAGES as M, registrationLocale, savedBilling, toApprovalForm, type ApprovalForm, type RegistrationDetails } from '../../../domain/registrations';
import { eRegistrationResource } from '../../../domain/resources/eRegistration';
import { PageFrame } from '../../../src/layout/PageFrame';
import { useSessionState } from '../../../src/layout/useSession';
import { domainResolver } from '../../../src/ui/forms/domainResolver';
import { FormFooter } from '../../../src/ui/forms/FormFooter';
import { OpeningHoursSection } from '../../../src/ui/forms/OpeningHoursSection';
import { useVersionedSave } from '../../../src/ui/forms/useVersionedDrawerForm';
import { LengthCapsProvider } from '../../../src/ui/inputs';
import { NoRecordPage, recordStates, type RecordPage } from '../../../src/resources/recordStates';
import { useRecordId } from '../../../src/resources/useRecordId';
import { QuitGuard } from '../../../src/ui/QuitGuard';
import { detailsPath, SEARCH, type RegistrationNavState } from '../paths';
import { AddressSection, BillingSection, CompanySection, ContactSection, OfferSection, OperationsSection, PeopleSection } from './ApprovalSections';
import { RejectDrawer } from './RejectDrawer';

const TITLE = 'Add and Approve Supplier';

/**
 * Add and Approve Supplier (spec 2 §2.3, §4, §5.5): the registration's values prefilled, every
 * rule checked as the user approves (and again on the server), Reject in its drawer; a decided
 * registration cannot be reviewed again.
 */
export function AddSupplierPage() {
  const { id, searchUrl } = useRecordId();
  if (!id) return <NoRecordPage title={TITLE} back={{ label: 'Back to Supplier Registrations', to: SEARCH }} what="registration" search="Supplier Registrations" searchTo={SEARCH} />;
  const state: RegistrationNavState = { inviteId: id, searchUrl };
  const page: RecordPage = { title: TITLE, back: { label: 'Back to Registration Details', to: detailsPath(id), state }, what: 'registration' };
  return (
    <ShowBase id={id} {...recordStates(page)}>
      <AddSupplier back={{ ...page.back, state }} />
    </ShowBase>
  );
}

/** The form, or why this registration cannot be reviewed. */
function AddSupplier({ back }: { back: { label: string; to: string; state: RegistrationNavState } }) {
  const r = useRecordContext<RegistrationDetails>();
  const { canAccess: canDecide } = useCanAccess({ resource: eRegistrationResource.name, action: 'decide' });
  if (!r) return null;
  // The form waits for the permission's answer too, so it never shows and then gives way to the refusal.
  if (canDecide === undefined) return <PageFrame title={TITLE} back={back} loading />;
  const refusal = r.status !== 'NEW' ? M.alreadyDecided(r.status) : canDecide === false ? 'You do not have permission to approve or reject registrations' : null;
  if (refusal) {
    return (
      <PageFrame title={TITLE} back={back}>
        <Alert severity="info">{refusal}</Alert>
      </PageFrame>
    );
  }
  return <ApprovalEditor registration={r} back={back} />;
}

function ApprovalEditor({ registration: r, back }: { registration: RegistrationDetails; back: { label: string; to: string; state: RegistrationNavState } }) {
  const navigate = useNavigate();
  const by = useSessionState().session?.user;
  const locale = registrationLocale(r.companyDetails.address.postcode);
  const resolver = useMemo(() => domainResolver<ApprovalForm>(approvalFormSchema(locale)), [locale]);
  const caps = useMemo(() => approvalLengthCaps(locale), [locale]);
  const initial = useMemo(() => toApprovalForm(r), [r]);
  const saved = useMemo(() => savedBilling(r), [r]);
  // The manufacturer rule and the others show once the user first tries to approve.
  const form = useForm<ApprovalForm>({ resolver, defaultValues: initial, mode: 'onSubmit', reValidateMode: 'onChange' });
  const record = useMemo(() => ({ ...r, id: r.id }), [r]);
  const { run, saving, conflictDialog } = useVersionedSave(form, record, TITLE);
  const allowLeaving = useRef<() => void>(() => undefined);
  const [rejecting, setRejecting] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    const ok = await run(({ dataProvider }) => dataProvider.approveRegistration({ id: r.id, version: r.version }, values, by), values, M.activated);
    if (ok) {
      allowLeaving.current();
      navigate(back.to, { state: back.state });
    }
  });

  // Once rejected, nothing stays for 'Quit Editing?' to keep: the registration is decided.
  const leaveRejected = () => {
    allowLeaving.current();
    navigate(SEARCH);
  };

  return (
    <PageFrame
      title={TITLE}
      back={back}
      blocking={form.formState.isSubmitting}
      header={
        <Button variant="outlined" color="error" disabled={saving || form.formState.isSubmitting} onClick={() => setRejecting(true)}>
          Reject
        </Button>
      }
    >
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={submit}>
          <QuitGuard allowRef={allowLeaving} />
          <LengthCapsProvider value={caps}>
            <Box sx={{ display: 'grid', gap: 2 }}>
              <CompanySection />
              <AddressSection />
              <ContactSection />
              <BillingSection which="address" saved={saved} />
              <BillingSection which="contact" saved={saved} />
              <OpeningHoursSection />
              <OperationsSection />
              <OfferSection />
              <PeopleSection />
            </Box>
          </LengthCapsProvider>
          <FormFooter back={back} saving={saving} saveLabel="Approve" />
        </Box>
      </FormProvider>
      {conflictDialog}
      <RejectDrawer open={rejecting} registration={r} onClose={() => setRejecting(false)} onRejected={leaveRejected} />
    </PageFrame>
  );
}
