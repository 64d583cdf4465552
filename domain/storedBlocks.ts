/** Address and contact blocks as groups store them (the group form, the group an approval makes). */
import type { Address, Contact } from './common';
import { normalizePhone, normalizePostcode, stripSpaces } from './formats';

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const orNull = (v: string) => (v === '' ? null : v);

/** A typed address block: trimmed, empty optional parts null, the postcode without spaces in capitals. */
export function storedAddress(a: { number: string; address1: string; address2: string; address3: string; county: string; postCode: string }): Address {
  return {
    number: trimmed(a.number),
    address1: trimmed(a.address1),
    address2: orNull(trimmed(a.address2)),
    address3: trimmed(a.address3),
    county: orNull(trimmed(a.county)),
    postCode: normalizePostcode(a.postCode).toUpperCase(),
  };
}

/** A typed contact block: phone numbers without spaces or brackets, the e-mail without spaces. */
export function storedContact(c: { title: string; firstName: string; lastName: string; contactNumber1: string; bookingPhoneNumber?: string; faxNumber: string; email: string }): Contact {
  return {
    title: orNull(trimmed(c.title)),
    firstName: trimmed(c.firstName),
    lastName: trimmed(c.lastName),
    contactNumber1: orNull(normalizePhone(c.contactNumber1)),
    ...(c.bookingPhoneNumber === undefined ? {} : { bookingPhoneNumber: orNull(normalizePhone(c.bookingPhoneNumber)) }),
    faxNumber: orNull(normalizePhone(c.faxNumber)),
    email: stripSpaces(c.email),
  };
}
