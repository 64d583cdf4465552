import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import type { Country } from '../../../domain/country';
import { LOCALE_BY_COUNTRY } from '../../../domain/country';
import { stripSpaces } from '../../../domain/formats';
import { supplierFieldLabels } from '../../../domain/suppliers';
import { FormSection } from '../../../src/ui/forms/FormSection';
import { Row, CappedTextInput } from '../../../src/ui/inputs';
import { GroupPicker } from './GroupPicker';

type Props = { country: Country };

/** Supplier Details (spec 2 §2.1): the group by name (its DI Group Id shown), the supplier's ids and names. */
export function SupplierDetailsSection({ country }: Props) {
  const L = supplierFieldLabels(country);
  const groupId = useWatch({ name: 'groupId' }) as string;
  return (
    <FormSection title="Supplier Details">
      <Row>
        <GroupPicker locale={LOCALE_BY_COUNTRY[country]} label={L.groupName} />
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {L.groupId}
          </Typography>
          <Typography aria-label={L.groupId}>{groupId || 'Chosen with the group'}</Typography>
        </Box>
        <CappedTextInput source="supplierId" label={L.supplierId} helperText="Left empty, the next DI Supplier Id is given" />
      </Row>
      <Row>
        <CappedTextInput source="name" label={L.name} required />
        <CappedTextInput source="companyRegistrationNumber" label={L.companyRegistrationNumber} />
        <CappedTextInput source="vatRegistrationNumber" label={L.vatRegistrationNumber} required={country === 'IE'} />
      </Row>
    </FormSection>
  );
}

/** Address (spec 2 §2.1, §5.1): the Irish form needs building, street and town, and says Eircode. */
export function AddressSection({ country }: Props) {
  const L = supplierFieldLabels(country);
  const ie = country === 'IE';
  return (
    <FormSection title="Address">
      <Row>
        <CappedTextInput source="address.number" label={L['address.number']} required={ie} />
        <CappedTextInput source="address.address1" label={L['address.address1']} required={ie} />
        <CappedTextInput source="address.address2" label={L['address.address2']} />
      </Row>
      <Row>
        <CappedTextInput source="address.address3" label={L['address.address3']} required={ie} />
        <CappedTextInput source="address.county" label={L['address.county']} />
        <CappedTextInput source="address.postcode" label={L['address.postcode']} required transform={stripSpaces} />
      </Row>
    </FormSection>
  );
}

export function ContactSection({ country }: Props) {
  const L = supplierFieldLabels(country);
  return (
    <FormSection title="Contact">
      <Row columns={4}>
        <CappedTextInput source="contact.primaryPhoneNumber" label={L['contact.primaryPhoneNumber']} required type="tel" inputMode="tel" />
        <CappedTextInput source="contact.bookingPhoneNumber" label={L['contact.bookingPhoneNumber']} type="tel" inputMode="tel" />
        <CappedTextInput source="contact.faxNumber" label={L['contact.faxNumber']} type="tel" inputMode="tel" />
        <CappedTextInput source="contact.email" label={L['contact.email']} type="email" inputMode="email" transform={stripSpaces} />
      </Row>
    </FormSection>
  );
}
