import { Box, Button, Chip, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useCanAccess, useRecordContext } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatAddress } from '../../../domain/formats';
import { REGISTRATION_STATUS_LABELS, registrationLocale, type RegistrationContact, type RegistrationDetails } from '../../../domain/registrations';
import { eRegistrationResource } from '../../../domain/resources/eRegistration';
import { openingHoursRows, SERVICE_TYPE_LABELS } from '../../../domain/suppliers';
import { PageFrame } from '../../../src/layout/PageFrame';
import { PermissionButton } from '../../../src/layout/PermissionButton';
import { formatDateTime } from '../../../src/network/format';
import { Fields, Section, Ticks } from '../../../src/ui/details';
import type { RecordPage } from '../../../src/resources/recordStates';
import { RecordShow } from '../../../src/resources/RecordShow';
import { addSupplierPath, SEARCH, supplierPath, type RegistrationNavState } from '../paths';

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

/** Everything the registration in the page's record context holds, read-only (spec 2 §2.3 "Details"). */
function RegistrationSections() {
  const r = useRecordContext<RegistrationDetails>();
  if (!r) return null;
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
 * registration is rejected; an approved one links to the supplier it became. At the spec's
 * /e-registration/e-registration-details (the id in navigation state or ?id=) and at
 * react-admin's /e-registration/:id/show.
 */
export function RegistrationShow() {
  return <RecordShow title="Registration Details" what="registration" search="Supplier Registrations" searchTo={SEARCH} view={RegistrationDetailsView} />;
}

function RegistrationDetailsView({ page, searchUrl }: { page: RecordPage; searchUrl: string | undefined }) {
  const r = useRecordContext<RegistrationDetails>();
  const { canAccess: canDecide } = useCanAccess({ resource: eRegistrationResource.name, action: 'decide' });
  const navigate = useNavigate();
  if (!r) return null;
  const state: RegistrationNavState = { inviteId: r.id, searchUrl };
  const header = (
    <>
      <Chip label={REGISTRATION_STATUS_LABELS[r.status]} color={r.status === 'NEW' ? 'info' : r.status === 'APPROVED' ? 'success' : 'default'} variant="outlined" />
      {r.status === 'NEW' && (
        <PermissionButton allowed={canDecide} why={NO_DECIDE} variant="contained" onClick={() => navigate(addSupplierPath(r.id), { state })}>
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
    <PageFrame title={page.title} back={page.back} header={header}>
      <RegistrationSections />
    </PageFrame>
  );
}
