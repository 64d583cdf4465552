import { memo, useState } from 'react';
import { Alert, Box, Button, Chip, Link, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { formatAddress } from '../../../domain/formats';
import {
  FACILITIES,
  FINANCE_DRAWER_TITLE,
  FINANCE_MAPPING_MESSAGES,
  SUPPLEMENTARY_SERVICES,
  SPECIALIST_SERVICES,
  SUPPLIER_DETAILS_MESSAGES,
  VEHICLE_TYPE_LABELS,
  displayName,
  mapsLink,
  openingHoursRows,
  serviceTiles,
  specialistServiceOn,
  type SupplierDetails,
} from '../../../domain/suppliers';
import { Fields, Section, Ticks } from '../../../src/ui/details';
import { formatDateTime } from '../../../src/network/format';
import { visuallyHidden } from '../../../src/ui/visuallyHidden';
import { FinanceDrawer } from '../finance/FinanceDrawer';

type Props = { supplier: SupplierDetails };

/** The summary card: who and where the supplier is, and Open in maps or the 'Invalid Postcode' badge. */
function SummarySection({ supplier: s }: Props) {
  const maps = mapsLink(s.address);
  return (
    <Section title="Summary" wide>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {displayName(s.name)}
        </Typography>
        <Chip size="small" label={s.unitStatus.label} color={s.unitStatus.status === 'live' ? 'success' : 'default'} variant="outlined" />
        {maps ? (
          <Link href={maps} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            Open in maps
            <OpenInNewIcon fontSize="inherit" aria-hidden="true" />
            <Box component="span" sx={visuallyHidden}>
              (opens in a new tab)
            </Box>
          </Link>
        ) : (
          <Chip size="small" color="warning" label={SUPPLIER_DETAILS_MESSAGES.invalidPostcode} />
        )}
      </Box>
      <Fields
        columns={4}
        items={[
          ['Address', formatAddress({ ...s.address, postCode: s.address.postcode }, s.locale)],
          ['Supplier Group Name', s.supplierGroupName],
          ['DI Group Id', s.groupId],
          ['DI Supplier Id', s.supplierId],
          ['Company Number', s.companyRegistrationNumber],
          ['VAT Number', s.vatRegistrationNumber],
          ['Phone Number', s.contact.primaryPhoneNumber],
          ['Booking Phone Number', s.contact.bookingPhoneNumber],
          ['Fax Number', s.contact.faxNumber],
          ['Email', s.contact.email],
          ['Serving Proximity', `${s.servingRadius.radius} miles`],
          ['Mobile Radius', `${s.servingRadius.mobileRadius} miles`],
          ['Supplier Type', s.supplierType],
          ['Franchises', s.manufacturers.length ? s.manufacturers.join(', ') : null],
          ['Documents', s.documentCount],
          ['Mandatory Tyre Readings', s.featureFlags.mandatoryTyreReadings ? 'On' : 'Off'],
        ]}
      />
    </Section>
  );
}

/** Opening hours with the display rules of spec 2 §2.1 (defaults, '-' and Sunday 'Closed'). */
function OpeningHoursSection({ supplier: s }: Props) {
  return (
    <Section title="Opening Hours">
      <Table size="small" aria-label="Opening hours">
        <TableBody>
          {openingHoursRows(s.openingHours).map((r) => (
            <TableRow key={r.day}>
              <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                {r.day}
              </TableCell>
              <TableCell>{r.text}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

function ServicesSection({ supplier: s }: Props) {
  const tiles = serviceTiles(s.services);
  return (
    <Section title="Services Provided">
      {tiles.length ? <Ticks items={tiles.map((t) => ({ label: t.label, on: true }))} /> : <Typography variant="body2">No services are enabled.</Typography>}
    </Section>
  );
}

function VehicleCategoriesSection({ supplier: s }: Props) {
  return (
    <Section title="Vehicle Categories">
      <Ticks items={s.vehicleTypes.map((v) => ({ label: VEHICLE_TYPE_LABELS[v.type] ?? v.label, on: v.isAvailable }))} />
    </Section>
  );
}

function SpecialistServicesSection({ supplier: s }: Props) {
  return (
    <Section title="Specialist Services">
      <Ticks items={SPECIALIST_SERVICES.map((x) => ({ label: x.label, on: specialistServiceOn(s.vehicleServices, x) }))} />
    </Section>
  );
}

function RestrictionsSection({ supplier: s }: Props) {
  const r = s.restrictions;
  return (
    <Section title="Garage Capacity Restrictions">
      <Fields
        columns={3}
        items={[
          ['Max Height', r?.maxHeight ? `${r.maxHeight} m` : null],
          ['Max Length', r?.maxLength ? `${r.maxLength} m` : null],
          ['Max Weight', r?.maxWeight ? `${r.maxWeight} t` : null],
        ]}
      />
    </Section>
  );
}

/** The optional services with their lead time, radius and notes where offered (spec 2 §3.1). */
function OptionalServicesSection({ supplier: s }: Props) {
  const offered = SUPPLEMENTARY_SERVICES.filter((o) => o.key !== 'WASH_AND_VAC').map((o) => ({ def: o, value: s.supplementaryServices.find((x) => x.type === o.key) }));
  return (
    <Section title="Optional Services">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {offered.map(({ def, value }) => {
          const extras = value?.isOffered
            ? [def.leadTime && value.leadTime ? `lead time ${value.leadTime} ${value.leadTime === 1 ? 'day' : 'days'}` : null, def.radius && value.radius ? `radius ${value.radius} miles` : null, def.notes && value.notes ? value.notes : null].filter(Boolean)
            : [];
          return (
            <li key={def.key}>
              <Ticks items={[{ label: def.label, on: Boolean(value?.isOffered) }]} />
              {extras.length > 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ ml: 3.5 }}>
                  {extras.join(' · ')}
                </Typography>
              )}
            </li>
          );
        })}
      </Box>
    </Section>
  );
}

/** Facilities, with Wash & Vac from the optional services where it is stored (spec 2 §3.1). */
function FacilitiesSection({ supplier: s }: Props) {
  const washAndVac = s.supplementaryServices.some((x) => x.type === 'WASH_AND_VAC' && x.isOffered);
  return (
    <Section title="Location Facilities">
      <Ticks
        items={FACILITIES.map((f) => ({
          label: f.label,
          on: f.value === 'WASH_AND_VAC' ? washAndVac || s.facilities.some((x) => x.value === f.value && x.isAvailable) : s.facilities.some((x) => x.value === f.value && x.isAvailable),
        }))}
      />
    </Section>
  );
}

/** The finance system's id and the billing reference, with the comparison drawer (spec 2 §2.1 Integrations panel). */
function IntegrationsSection({ supplier: s }: Props) {
  const [open, setOpen] = useState(false);
  const unmapped = !s.financeSupplierId;
  return (
    <Section title="Integrations">
      <Fields
        columns={2}
        items={[
          ['Account System Reference', s.accountSystemReference],
          ['Finance Supplier Id', s.financeSupplierId],
          ['Billing Ref ID', s.billingRefId],
          ['Invoice Address', s.useHeadOfficeNameAndAddress ? 'Head office name and address' : 'Site name and address'],
        ]}
      />
      {unmapped && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {FINANCE_MAPPING_MESSAGES.exception}
        </Alert>
      )}
      <Button variant="outlined" sx={{ mt: 1.5 }} onClick={() => setOpen(true)}>
        {FINANCE_DRAWER_TITLE}
      </Button>
      <FinanceDrawer open={open} supplier={s} onClose={() => setOpen(false)} />
    </Section>
  );
}

function LastModifiedSection({ supplier: s }: Props) {
  return (
    <Section title="Last Modified">
      <Fields
        columns={2}
        items={[
          ['Modified On', formatDateTime(s.log.modifiedTimestamp)],
          ['Modified By', s.log.modifiedByUser],
          ['Created On', formatDateTime(s.log.createdTimestamp)],
          ['Created By', s.log.createdByUser],
        ]}
      />
    </Section>
  );
}

/** The Supplier Information tab (spec 2 §2.1), in the order it lists its parts. */
/** Every section of the supplier in the page's record context. */
export const SupplierSections = memo(function SupplierSections() {
  const supplier = useRecordContext<SupplierDetails>();
  if (!supplier) return null;
  const p = { supplier };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } }}>
      <SummarySection {...p} />
      <OpeningHoursSection {...p} />
      <ServicesSection {...p} />
      <VehicleCategoriesSection {...p} />
      <SpecialistServicesSection {...p} />
      <RestrictionsSection {...p} />
      <OptionalServicesSection {...p} />
      <FacilitiesSection {...p} />
      <IntegrationsSection {...p} />
      <LastModifiedSection {...p} />
    </Box>
  );
});
