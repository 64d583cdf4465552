import { describe, expect, it } from 'vitest';
import {
  accountReferenceInput,
  emptySupplierForm,
  OPENING_SLOTS,
  supplierFormSchema,
  supplierLengthCaps,
  withSunday,
  type SupplierForm,
} from '../../domain/suppliers/form';
import { capLength } from '../../domain/lengthCap';
import type { Country } from '../../domain/country';

/** A form that passes in `country`, to change one thing at a time. */
function valid(country: Country): SupplierForm {
  const f = emptySupplierForm(country);
  const uk = country === 'UK';
  return {
    ...f,
    accountObjectId: '9b0c5ab6-1f61-4a3e-9a43-2e3f8f8b7c11',
    groupId: 'G10001',
    groupName: 'Harbour Motor Group',
    supplierId: 'S100999',
    name: 'Harbour Motors',
    companyRegistrationNumber: uk ? '01234567' : '123456',
    vatRegistrationNumber: uk ? 'GB123456789' : 'IE6388047V',
    address: { number: '12', address1: 'Quay Street', address2: '', address3: uk ? 'Bristol' : 'Cork', county: '', postcode: uk ? 'BS1 4DJ' : 'T12 X2Y3' },
    contact: { primaryPhoneNumber: uk ? '01171234567' : '0211234567', bookingPhoneNumber: '', faxNumber: '', email: 'bookings@harbour.example' },
    servingRadius: { radius: '15', mobileRadius: '0' },
    services: ['MOT'],
  };
}

/** The first message at each path. */
function messages(country: Country, change: (f: SupplierForm) => void): Record<string, string> {
  const form = structuredClone(valid(country));
  change(form);
  const r = supplierFormSchema(country).safeParse(form);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
}

/** Country, the change, and the messages it brings (none: still valid). */
const CASES: [Country, (f: SupplierForm) => void, Record<string, string>][] = [
  ['UK', (f: SupplierForm) => void (f.groupName = ''), { groupName: 'Supplier Group Name is required' }],
  ['UK', (f: SupplierForm) => void (f.name = ' '), { name: 'Supplier Name is required' }],
  ['UK', (f: SupplierForm) => void (f.name = 'x'.repeat(251)), { name: 'Supplier Name is not valid' }],
  ['UK', (f: SupplierForm) => void (f.name = 'Smith "Quick" <Fit> Motors'), {}],
  ['UK', (f: SupplierForm) => void (f.name = 'Smith\u0007 Motors'), { name: 'Supplier Name is not valid' }],
  ['UK', (f: SupplierForm) => void (f.address.postcode = ''), { 'address.postcode': 'Postcode is required' }],
  ['UK', (f: SupplierForm) => void (f.address.postcode = 'BS1 4D'), { 'address.postcode': 'Postcode is not valid' }],
  ['UK', (f: SupplierForm) => void (f.contact.primaryPhoneNumber = ''), { 'contact.primaryPhoneNumber': 'Phone Number is required' }],
  ['UK', (f: SupplierForm) => void (f.contact.primaryPhoneNumber = '0117123456789'), { 'contact.primaryPhoneNumber': 'Phone Number is not valid' }],
  ['UK', (f: SupplierForm) => void (f.contact.bookingPhoneNumber = '12'), { 'contact.bookingPhoneNumber': 'Booking Phone Number is not valid' }],
  ['UK', (f: SupplierForm) => void (f.contact.faxNumber = 'fax'), { 'contact.faxNumber': 'Fax Number is not valid' }],
  ['UK', (f: SupplierForm) => void (f.contact.email = 'bookings@'), { 'contact.email': 'Email is not valid' }],
  ['UK', (f: SupplierForm) => void (f.servingRadius.radius = ''), { 'servingRadius.radius': 'Serving proximity is required' }],
  ['UK', (f: SupplierForm) => void (f.servingRadius.radius = '1000'), { 'servingRadius.radius': 'Serving proximity is not valid' }],
  ['UK', (f: SupplierForm) => void (f.servingRadius.radius = '1a'), { 'servingRadius.radius': 'Serving proximity is not valid' }],
  ['UK', (f: SupplierForm) => void (f.servingRadius.mobileRadius = 'ten'), { 'servingRadius.mobileRadius': 'Mobile radius is not valid' }],
  ['UK', (f: SupplierForm) => void (f.services = []), { services: 'Service selection is required' }],
  ['UK', (f: SupplierForm) => void (f.groupId = 'G 1'), { groupId: 'Group ID is not valid' }],
  ['UK', (f: SupplierForm) => void (f.supplierId = 'S/1'), { supplierId: 'Supplier ID is not valid' }],
  ['UK', (f: SupplierForm) => void (f.companyRegistrationNumber = '12-34'), { companyRegistrationNumber: 'Company Number is not valid' }],
  ['UK', (f: SupplierForm) => void (f.address.number = '12{'), { 'address.number': 'Building Name/Number is not valid' }],
  ['UK', (f: SupplierForm) => void (f.address.address1 = 'Quay ~ Street'), { 'address.address1': 'Street Name is not valid' }],
  ['UK', (f: SupplierForm) => void (f.address.address2 = 'x'.repeat(51)), { 'address.address2': 'District is not valid' }],
  ['UK', (f: SupplierForm) => void (f.address.address3 = '<Bristol>'), { 'address.address3': 'Town is not valid' }],
  ['UK', (f: SupplierForm) => void (f.address.county = '$'), { 'address.county': 'County is not valid' }],
  ['UK', (f: SupplierForm) => void (f.vatRegistrationNumber = ''), {}],
  ['IE', (f: SupplierForm) => void (f.vatRegistrationNumber = ''), { vatRegistrationNumber: 'VAT number is required' }],
  ['IE', (f: SupplierForm) => void (f.vatRegistrationNumber = 'IE6388047W'), { vatRegistrationNumber: 'VAT number is invalid' }],
  ['IE', (f: SupplierForm) => void (f.address.number = ''), { 'address.number': 'Building name / number is required' }],
  ['IE', (f: SupplierForm) => void (f.address.address1 = ''), { 'address.address1': 'Street name is required' }],
  ['IE', (f: SupplierForm) => void (f.address.address3 = ''), { 'address.address3': 'Town is required' }],
  ['IE', (f: SupplierForm) => void (f.address.postcode = ''), { 'address.postcode': 'Eircode is required' }],
  ['IE', (f: SupplierForm) => void (f.address.postcode = 'T12X2Y'), { 'address.postcode': 'Eircode is not valid' }],
  ['IE', (f: SupplierForm) => void (f.contact.primaryPhoneNumber = '01234'), { 'contact.primaryPhoneNumber': 'Phone Number is not valid' }],
  ['IE', (f: SupplierForm) => void (f.contact.bookingPhoneNumber = '02112345678901'), { 'contact.bookingPhoneNumber': 'Booking Phone Number is not valid' }],
  ['UK', (f: SupplierForm) => void (f.address.number = ''), {}],
];

describe('the supplier form (spec 2 §5.1), both countries', () => {
  it.each(['UK', 'IE'] as const)('accepts a complete %s supplier', (country) => {
    expect(messages(country, () => undefined)).toEqual({});
  });

  it.each(CASES)('%s form, case %#: %j', (country, change, expected) => {
    expect(messages(country, change)).toEqual(expected);
  });

  it('checks the edit-only parts: restriction choices, optional services when offered, the account reference and half-hour times', () => {
    expect(messages('UK', (f) => (f.restrictions = { maxHeight: 8, maxLength: 25, maxWeight: 0 }))).toEqual({ 'restrictions.maxHeight': 'Max Height is not valid', 'restrictions.maxWeight': 'Max Weight is not valid' });
    const courtesy = (f: SupplierForm) => f.supplementaryServices.find((s) => s.type === 'COURTESY_CAR')!;
    const collection = (f: SupplierForm) => f.supplementaryServices.findIndex((s) => s.type === 'COLLECTION_AND_DELIVERY');
    // Not offered: nothing is checked (the inputs are disabled).
    expect(messages('UK', (f) => Object.assign(courtesy(f), { isOffered: false, leadTime: 99, notes: 'n'.repeat(40) }))).toEqual({});
    expect(messages('UK', (f) => Object.assign(courtesy(f), { isOffered: true, leadTime: 31, notes: 'n'.repeat(31) }))).toEqual({ 'supplementaryServices.0.leadTime': 'Lead time is not valid', 'supplementaryServices.0.notes': 'Notes is not valid' });
    expect(messages('UK', (f) => Object.assign(f.supplementaryServices[collection(f)], { isOffered: true, radius: '1000' }))).toEqual({ [`supplementaryServices.${collection(valid('UK'))}.radius`]: 'Radius is not valid' });
    expect(messages('UK', (f) => (f.accountSystemReference = 'ABC-123'))).toEqual({ accountSystemReference: 'Account System Reference is not valid' });
    expect(messages('UK', (f) => (f.openingHours = { ...f.openingHours, weekday: { customOpening: '09:15', customClosing: '17:30' } }))).toEqual({ 'openingHours.weekday.customOpening': 'Time is not valid' });
  });
});

describe('the supplier form states and inputs (spec 2 §4, §5.1, §9)', () => {
  it('starts a new supplier with the default hours, Mandatory Tyre Readings on and every optional service offered off', () => {
    const f = emptySupplierForm('IE');
    expect(f).toMatchObject({ locale: 'en_IE', mandatoryTyreReadings: true, servingRadius: { mobileRadius: '0' } });
    expect(f.openingHours).toEqual({
      weekday: { customOpening: '09:00', customClosing: '17:30' },
      saturday: { customOpening: '09:00', customClosing: '12:30' },
      sunday: { customOpening: null, customClosing: null, isOpen: false },
    });
    expect(f.supplementaryServices.map((s) => [s.type, s.isOffered])).toEqual([
      ['COURTESY_CAR', false],
      ['COLLECTION_AND_DELIVERY', false],
      ['WHILE_YOU_WAIT', false],
      ['DROP_OFF', false],
      ['MOBILE', false],
    ]);
  });

  it('sets Sunday to 09:00-12:30 when turned on, and clears both times when turned off', () => {
    const on = withSunday(emptySupplierForm('UK').openingHours, true);
    expect(on.sunday).toEqual({ customOpening: '09:00', customClosing: '12:30', isOpen: true });
    expect(withSunday(on, false).sunday).toEqual({ customOpening: null, customClosing: null, isOpen: false });
  });

  it('offers 48 half-hour times from 00:00 to 23:30', () => {
    expect(OPENING_SLOTS).toHaveLength(48);
    expect([OPENING_SLOTS[0], OPENING_SLOTS[1], OPENING_SLOTS[47]]).toEqual(['00:00', '00:30', '23:30']);
  });

  it('keeps 8 letters and digits of the account system reference, dropping the rest', () => {
    expect(accountReferenceInput('ab-12 cd_34ef')).toBe('ab12cd34');
    expect(accountReferenceInput(null)).toBe('');
  });

  it.each([
    ['UK', { supplierId: 20, name: 250, 'address.number': 20, 'address.address1': 50, 'address.postcode': 10, 'contact.primaryPhoneNumber': 11, 'contact.faxNumber': 13, vatRegistrationNumber: 20, 'contact.email': 50 }],
    ['IE', { 'address.postcode': 7, 'contact.primaryPhoneNumber': 13, 'contact.faxNumber': 10, vatRegistrationNumber: 10 }],
  ] as const)('caps typing in the %s form at the lengths of spec 2 §5.1 and §9', (country, expected) => {
    const caps = supplierLengthCaps(country);
    for (const [path, max] of Object.entries(expected)) expect([path, caps[path]?.max]).toEqual([path, max]);
    // Postcodes and e-mails are counted without their spaces, as stored.
    expect(capLength('', 'BS1 4DJ BS1 4DJ', caps['address.postcode'])).toBe(country === 'UK' ? 'BS1 4DJ BS1 4' : 'BS1 4DJ B');
  });
});
