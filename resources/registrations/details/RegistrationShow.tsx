import { Alert, Box, Button, Chip, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatAddress } from '../../../domain/formats';
import { REGISTRATION_STATUS_LABELS, registrationLocale, type RegistrationContact, type RegistrationDetails } from '../../../domain/registrations';
import { DECIDE_REGISTRATION_GUARD, eRegistrationResource } from '../../../domain/resources/eRegistration';
import { openingHoursRows, SERVICE_TYPE_LABELS } from '../../../domain/suppliers';
import { PageFrame } from '../../../src/layout/PageFrame';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { useCan } from '../../../src/layout/useSession';
import { formatDateTime } from '../../../src/network/format';
import { Fields, Section, Ticks } from '../../../src/ui/details';
import { NothingSelected } from '../../../src/ui/NothingSelected';
import { addSupplierPath, SEARCH, supplierPath, type RegistrationNavState } from '../paths';
import { useInviteId } from '../useInviteId';

/** Ours: the spec does not word why Review is disabled. */
const NO_DECIDE = 'You do not have permission to approve or reject registrations';

function ContactFields({ contact }: { contact: RegistrationContact | null }) {
  const c = contact;
  return (
    <Fields
      items={[
        ['Name', c ? [c.title, c.firstName, c.lastName].filter(Boolean).join(' ') : null],
        ['Phone Number', c?.phoneNumber],
        ['Booking Phone Number', c?.bookingPhoneNumber],
        ['Fax Number', c?.faxNumber],
        ['Email', c?.email],
      ]}
    />
  );
}

/** Everything the registration holds, read-only (spec 2 §2.3 "Details"). */
function RegistrationSections({ r }: { r: RegistrationDetails }) {
  const locale = registrationLocale(r.companyDetails.address.postcode);
  const address = (a: { postcode: string | null } & Record<string, unknown>) => formatAddress({ ...a, postCode: a.postcode } as never, locale);
  const billingAddress = r.billingDetails.address;
  const billingContact = r.billingDetails.contactDetails;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <Section title="Company Details" wide>
        <Fields
          columns={4}
          items={[
            ['Company name', r.companyDetails.name],
            ['Company registration number', r.companyDetails.regNumber],
            ['VAT number', r.companyDetails.VATNumber],
            ['Registration e-mail', r.email],
            ['Status', REGISTRATION_STATUS_LABELS[r.status]],
            ['Last updated', formatDateTime(r.lastUpdated)],
            ...(r.reasonForRejection ? ([['Reason for rejection', r.reasonForRejection]] as [string, string][]) : []),
          ]}
        />
      </Section>
      <Section title="Address">
        <Fields columns={1} items={[['Address', address(r.companyDetails.address as never)]]} />
      </Section>
      <Section title="Contact">
        <ContactFields contact={r.companyDetails.contactDetails} />
      </Section>
      <Section title="Billing Address">
        {!billingAddress || billingAddress.isSameHeadOfficeAddress ? (
          <Typography variant="body2">Same as the company address</Typography>
        ) : (
          <Fields columns={1} items={[['Address', address(billingAddress as never)]]} />
        )}
      </Section>
      <Section title="Billing Contact">
        {!billingContact || billingContact.isSameHeadOfficeContactDetails ? <Typography variant="body2">Same as the company contact</Typography> : <ContactFields contact={billingContact} />}
      </Section>
      <Section title="Opening Hours">
        <Table size="small" aria-label="Opening hours">
          <TableBody>
            {openingHoursRows(r.companyDetails.openingHours).map((row) => (
              <TableRow key={row.day}>
                <TableCell component="th" scope="row">{row.day}</TableCell>
                <TableCell>{row.text}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Section title="Services">
        <Ticks items={r.services.map((s) => ({ label: s.type === 'REPAIR' ? 'SMR' : SERVICE_TYPE_LABELS[s.type], on: s.isEnabled }))} />
      </Section>
    </Box>
  );
}

/**
 * Registration details (spec 2 §2.3): read-only, with Review (the add form), hidden once the
 * registration is rejected; an approved one links to the supplier it became.
 */
export function RegistrationDetailsPage() {
  const { inviteId, searchUrl } = useInviteId();
  const can = useCan();
  const navigate = useNavigate();
  const { data: r, isPending, error } = useGetOne<RegistrationDetails>(eRegistrationResource.name, { id: inviteId ?? '' }, { enabled: Boolean(inviteId), retry: false });
  const back = { label: 'Back to Supplier Registrations', to: searchUrl ?? SEARCH };
  if (!inviteId) {
    return (
      <PageFrame title="Registration Details" back={back}>
        <NothingSelected what="registration" search="Supplier Registrations" searchTo={SEARCH} thenView />
      </PageFrame>
    );
  }
  const state: RegistrationNavState = { inviteId, searchUrl };
  const header = r && (
    <>
      <Chip label={REGISTRATION_STATUS_LABELS[r.status]} color={r.status === 'NEW' ? 'info' : r.status === 'APPROVED' ? 'success' : 'default'} variant="outlined" />
      {r.status === 'NEW' && (
        <PermissionButton allowed={can(DECIDE_REGISTRATION_GUARD.permission, DECIDE_REGISTRATION_GUARD.action)} why={NO_DECIDE} variant="contained" onClick={() => navigate(addSupplierPath(inviteId), { state })}>
          Review
        </PermissionButton>
      )}
      {r.status === 'APPROVED' && r.approvedSupplier && (
        <Button variant="outlined" component={RouterLink} to={supplierPath(r.approvedSupplier.serviceUnitId, r.approvedSupplier.accountObjectId)}>
          View Supplier
        </Button>
      )}
    </>
  );
  return (
    <PageFrame title="Registration Details" back={back} header={header} loading={isPending && !error}>
      {error ? <Alert severity="error">{(error as { status?: number }).status === 404 ? 'This registration does not exist.' : 'The registration could not be loaded.'}</Alert> : r ? <RegistrationSections r={r} /> : null}
    </PageFrame>
  );
}
