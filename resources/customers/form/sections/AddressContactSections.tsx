import { memo } from 'react';
import { postcodeInput, type Country } from '../../../../domain/customers';
import { Row, TextInput } from '../fields';
import { FormSection } from '../FormSection';
import { labelFor } from '../formLabels';

export const AddressSection = memo(function AddressSection({ country }: { country: Country }) {
  const L = labelFor(country);
  return (
    <FormSection title="Address">
      <Row>
        <TextInput name="address.number" label={L('address.number')} required />
        <TextInput name="address.address1" label={L('address.address1')} required />
        <TextInput name="address.address2" label={L('address.address2')} />
        <TextInput name="address.address3" label={L('address.address3')} required />
        <TextInput name="address.county" label={L('address.county')} />
        {/* Spec 1 §5: spaces are removed while typing. */}
        <TextInput name="address.postCode" label={L('address.postCode')} required transform={postcodeInput} />
      </Row>
    </FormSection>
  );
});

export const ContactSection = memo(function ContactSection({ country }: { country: Country }) {
  const L = labelFor(country);
  return (
    <FormSection title="Contact">
      <Row>
        <TextInput name="contactName" label={L('contactName')} required />
        <TextInput name="email" label={L('email')} required type="email" />
        <TextInput name="phoneNumber" label={L('phoneNumber')} required type="tel" />
        <TextInput name="mobileNumber" label={L('mobileNumber')} required={country === 'UK'} type="tel" />
        <TextInput name="landLineNumber" label={L('landLineNumber')} type="tel" />
        <TextInput name="whatsappNumber" label={L('whatsappNumber')} type="tel" />
        <TextInput name="infoEmail" label={L('infoEmail')} type="email" />
      </Row>
    </FormSection>
  );
});
