import { notValidMessage, requiredMessage } from '../../messages';
import type { Country } from '../../country';

/** The form's field labels by path (spec 2 §5.1 names them in its messages). */
export function supplierFieldLabels(country: Country) {
  const ie = country === 'IE';
  return {
    groupId: 'Group ID',
    groupName: 'Supplier Group Name',
    supplierId: 'Supplier ID',
    name: 'Supplier Name',
    companyRegistrationNumber: 'Company Number',
    vatRegistrationNumber: ie ? 'VAT number' : 'VAT Number',
    'address.number': ie ? 'Building name / number' : 'Building Name/Number',
    'address.address1': ie ? 'Street name' : 'Street Name',
    'address.address2': 'District',
    'address.address3': 'Town',
    'address.county': 'County',
    'address.postcode': ie ? 'Eircode' : 'Postcode',
    'contact.primaryPhoneNumber': 'Phone Number',
    'contact.bookingPhoneNumber': 'Booking Phone Number',
    'contact.faxNumber': 'Fax Number',
    'contact.email': 'Email',
    'servingRadius.radius': 'Serving proximity',
    'servingRadius.mobileRadius': 'Mobile radius',
    services: 'Services Provided',
    accountSystemReference: 'Account System Reference',
  } as const;
}
export type SupplierFieldPath = keyof ReturnType<typeof supplierFieldLabels>;

/** The messages of spec 2 §5.1 that are not '{label} is required' / '{label} is not valid'. */
export const SUPPLIER_FORM_MESSAGES = {
  serviceRequired: 'Service selection is required',
  /** Irish VAT says 'invalid' (spec 2 §5.1). */
  ieVatInvalid: 'VAT number is invalid',
  leadTimeNotValid: 'Lead time is not valid',
  radiusNotValid: 'Radius is not valid',
  notesNotValid: 'Notes is not valid',
} as const;

export { notValidMessage, requiredMessage };
