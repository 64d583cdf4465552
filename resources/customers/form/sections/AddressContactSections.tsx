import { memo } from 'react';
import { postcodeInput, type Country } from '../../../../domain/customers';
import { Row, CappedTextInput } from '../../../../src/ui/inputs';
import { FormSection } from '../../../../src/ui/forms/FormSection';
import { labelFor } from '../formLabels';

export const AddressSection = memo(function AddressSection({ country }: { country: Country }) {
  const L = labelFor(country);
  return (
    <FormSection title="Address">
      <Row>
        <CappedTextInput source="address.number" label={L('address.number')} required />
        <CappedTextInput source="address.address1" label={L('address.address1')} required />
        <CappedTextInput source="address.address2" label={L('address.address2')} />
        <CappedTextInput source="address.address3" label={L('address.address3')} required />
        <CappedTextInput source="address.county" label={L('address.county')} />
        {/* Spec 1 §5: spaces are removed while typing. */}
        <CappedTextInput source="address.postCode" label={L('address.postCode')} required transform={postcodeInput} />
      </Row>
    </FormSection>
  );
});

export const ContactSection = memo(function ContactSection({ country }: { country: Country }) {
  const L = labelFor(country);
  return (
    <FormSection title="Contact">
      <Row>
        <CappedTextInput source="contactName" label={L('contactName')} required />
        <CappedTextInput source="email" label={L('email')} required type="email" />
        <CappedTextInput source="phoneNumber" label={L('phoneNumber')} required type="tel" />
        <CappedTextInput source="mobileNumber" label={L('mobileNumber')} required={country === 'UK'} type="tel" />
        <CappedTextInput source="landLineNumber" label={L('landLineNumber')} type="tel" />
        <CappedTextInput source="whatsappNumber" label={L('whatsappNumber')} type="tel" />
        <CappedTextInput source="infoEmail" label={L('infoEmail')} type="email" />
      </Row>
    </FormSection>
  );
});
