import { memo } from 'react';
import { postcodeInput, type Country } from '../../../../domain/customers';
import { Row, TextInput } from '../../../../src/ui/inputs';
import { FormSection } from '../../../../src/ui/forms/FormSection';
import { labelFor } from '../formLabels';

export const AddressSection = memo(function AddressSection({ country }: { country: Country }) {
  const L = labelFor(country);
  return (
    <FormSection title="Address">
      <Row>
        <TextInput source="address.number" label={L('address.number')} required />
        <TextInput source="address.address1" label={L('address.address1')} required />
        <TextInput source="address.address2" label={L('address.address2')} />
        <TextInput source="address.address3" label={L('address.address3')} required />
        <TextInput source="address.county" label={L('address.county')} />
        {/* Spec 1 §5: spaces are removed while typing. */}
        <TextInput source="address.postCode" label={L('address.postCode')} required transform={postcodeInput} />
      </Row>
    </FormSection>
  );
});

export const ContactSection = memo(function ContactSection({ country }: { country: Country }) {
  const L = labelFor(country);
  return (
    <FormSection title="Contact">
      <Row>
        <TextInput source="contactName" label={L('contactName')} required />
        <TextInput source="email" label={L('email')} required type="email" />
        <TextInput source="phoneNumber" label={L('phoneNumber')} required type="tel" />
        <TextInput source="mobileNumber" label={L('mobileNumber')} required={country === 'UK'} type="tel" />
        <TextInput source="landLineNumber" label={L('landLineNumber')} type="tel" />
        <TextInput source="whatsappNumber" label={L('whatsappNumber')} type="tel" />
        <TextInput source="infoEmail" label={L('infoEmail')} type="email" />
      </Row>
    </FormSection>
  );
});
