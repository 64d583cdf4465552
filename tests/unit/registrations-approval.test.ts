import { describe, expect, it } from 'vitest';
import {
  approvalAsSupplierForm,
  approvalFormSchema,
  approvalGroupColumns,
  billingToggle,
  registrationLocale,
  savedBilling,
  toApprovalForm,
  type ApprovalForm,
  type RegistrationDetails,
} from '../../domain/registrations';
import { DEFAULT_OPENING_HOURS } from '../../domain/common';
import { supplierColumns } from '../../domain/suppliers';
import { validApprovalForm, type Country } from '../fixtures/registrations';

const localeOf = (country: Country) => registrationLocale(validApprovalForm(country).address.postCode);

/** The first message at each path, for the valid form of `country` after `change`. */
function messages(country: Country, change: (f: ApprovalForm) => void): Record<string, string> {
  const form = structuredClone(validApprovalForm(country));
  change(form);
  const r = approvalFormSchema(localeOf(country)).safeParse(form);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
}

type Case = [Country, string, (f: ApprovalForm) => void, Record<string, string>];

describe('the registration locale (spec 2 §1: Eircode for Ireland)', () => {
  it.each([
    ['D02 X285', 'en_IE'],
    ['d02x285', 'en_IE'],
    [' T12 X2Y3 ', 'en_IE'],
    ['D6W 1234', 'en_IE'],
    ['BS1 4DJ', 'en_GB'],
    ['SW1A1AA', 'en_GB'],
    ['', 'en_GB'],
    [null, 'en_GB'],
    [undefined, 'en_GB'],
  ] as const)('%j is %s', (postcode, locale) => {
    expect(registrationLocale(postcode)).toBe(locale);
  });

  it('chooses the Irish rules for the Irish fixture and the UK rules for the UK one', () => {
    expect([localeOf('UK'), localeOf('IE')]).toEqual(['en_GB', 'en_IE']);
  });
});

/** Spec 2 §5.5, one field at a time. */
const CASES: Case[] = [
  // Supplier Id: required, at most 20.
  ['UK', 'supplier id empty', (f) => void (f.supplierId = ''), { supplierId: 'Supplier Id is required' }],
  ['UK', 'supplier id blank', (f) => void (f.supplierId = '   '), { supplierId: 'Supplier Id is required' }],
  ['UK', 'supplier id 20', (f) => void (f.supplierId = 'S'.repeat(20)), {}],
  ['UK', 'supplier id 21', (f) => void (f.supplierId = 'S'.repeat(21)), { supplierId: 'Supplier Id is not valid' }],
  ['UK', 'supplier id with a space', (f) => void (f.supplierId = 'S 1'), { supplierId: 'Supplier Id is not valid' }],
  // Serving proximity: required, digits, 1 to 3; mobile radius optional, digits.
  ['UK', 'radius empty', (f) => void (f.servingRadius.radius = ''), { 'servingRadius.radius': 'Serving proximity is required' }],
  ['UK', 'radius letters', (f) => void (f.servingRadius.radius = 'ten'), { 'servingRadius.radius': 'Serving proximity is not valid' }],
  ['UK', 'radius 4 digits', (f) => void (f.servingRadius.radius = '1000'), { 'servingRadius.radius': 'Serving proximity is not valid' }],
  ['UK', 'radius 3 digits', (f) => void (f.servingRadius.radius = '999'), {}],
  ['UK', 'radius decimal', (f) => void (f.servingRadius.radius = '1.5'), { 'servingRadius.radius': 'Serving proximity is not valid' }],
  ['UK', 'radius negative', (f) => void (f.servingRadius.radius = '-5'), { 'servingRadius.radius': 'Serving proximity is not valid' }],
  ['UK', 'mobile radius empty', (f) => void (f.servingRadius.mobileRadius = ''), {}],
  ['UK', 'mobile radius letters', (f) => void (f.servingRadius.mobileRadius = '5km'), { 'servingRadius.mobileRadius': 'Mobile radius is not valid' }],
  ['UK', 'mobile radius 4 digits', (f) => void (f.servingRadius.mobileRadius = '1000'), { 'servingRadius.mobileRadius': 'Mobile radius is not valid' }],
  // Choices.
  ['UK', 'no vehicle category', (f) => void (f.vehicleTypes = []), { vehicleTypes: 'Selection of vehicle category is required' }],
  ['UK', 'unknown vehicle category', (f) => void (f.vehicleTypes = ['CAR', 'TRAM' as never]), { vehicleTypes: 'Vehicle category is not valid' }],
  ['UK', 'no service', (f) => void (f.services = []), { services: 'Service selection is required' }],
  ['UK', 'unknown service', (f) => void (f.services = ['MOT', 'VALETING' as never]), { services: 'Service is not valid' }],
  ['UK', 'neither independent nor franchise', (f) => Object.assign(f, { independent: false, franchise: false, manufacturers: [] }), { independent: 'Selection of Independent or Franchise is required' }],
  ['UK', 'franchise without manufacturers', (f) => void (f.manufacturers = []), { manufacturers: 'Manufacturer Name is required' }],
  ['UK', 'franchise with an unknown manufacturer', (f) => void (f.manufacturers = ['Ford', 'Acme Motors']), { manufacturers: 'Manufacturer Name is not valid' }],
  ['UK', 'manufacturer in another case', (f) => void (f.manufacturers = ['ford']), {}],
  ['IE', 'independent without manufacturers', () => undefined, {}],
  // Company: name at most 250; number and VAT at most 20, each pattern-checked.
  ['UK', 'company name empty', (f) => void (f.companyName = ' '), { companyName: 'Company name is required' }],
  ['UK', 'company name 250', (f) => void (f.companyName = 'x'.repeat(250)), {}],
  ['UK', 'company name 251', (f) => void (f.companyName = 'x'.repeat(251)), { companyName: 'Company name is not valid' }],
  ['UK', 'company name markup', (f) => void (f.companyName = '<Harbour>'), { companyName: 'Company name is not valid' }],
  ['UK', 'company number empty', (f) => void (f.companyRegistrationNumber = ''), { companyRegistrationNumber: 'Company registration number is required' }],
  ['UK', 'company number hyphenated', (f) => void (f.companyRegistrationNumber = '12-34'), { companyRegistrationNumber: 'Company registration number is not valid' }],
  ['UK', 'company number Scottish', (f) => void (f.companyRegistrationNumber = 'SC123456'), {}],
  ['IE', 'company number leading zero', (f) => void (f.companyRegistrationNumber = '012345'), { companyRegistrationNumber: 'Company registration number is not valid' }],
  ['IE', 'company number UK-style', (f) => void (f.companyRegistrationNumber = '01234567'), { companyRegistrationNumber: 'Company registration number is not valid' }],
  ['UK', 'VAT empty', (f) => void (f.vatRegistrationNumber = ''), { vatRegistrationNumber: 'VAT number is required' }],
  ['IE', 'VAT empty', (f) => void (f.vatRegistrationNumber = ''), { vatRegistrationNumber: 'VAT number is required' }],
  ['UK', 'VAT hyphenated', (f) => void (f.vatRegistrationNumber = 'GB-123456789'), { vatRegistrationNumber: 'VAT number is not valid' }],
  ['UK', 'VAT 20', (f) => void (f.vatRegistrationNumber = '1'.repeat(20)), {}],
  ['UK', 'VAT 21', (f) => void (f.vatRegistrationNumber = '1'.repeat(21)), { vatRegistrationNumber: 'VAT number is not valid' }],
  // Company address.
  ['UK', 'building empty', (f) => void (f.address.number = ''), { 'address.number': 'Building Name/Number is required' }],
  ['UK', 'building 21', (f) => void (f.address.number = '1'.repeat(21)), { 'address.number': 'Building Name/Number is not valid' }],
  ['UK', 'building markup', (f) => void (f.address.number = '12{'), { 'address.number': 'Building Name/Number is not valid' }],
  ['UK', 'street empty', (f) => void (f.address.address1 = ''), { 'address.address1': 'Street Name is required' }],
  ['UK', 'street 51', (f) => void (f.address.address1 = 'x'.repeat(51)), { 'address.address1': 'Street Name is not valid' }],
  ['UK', 'street 50', (f) => void (f.address.address1 = 'x'.repeat(50)), {}],
  ['UK', 'district, town and county empty', (f) => Object.assign(f.address, { address2: '', address3: '', county: '' }), {}],
  ['UK', 'district 51', (f) => void (f.address.address2 = 'x'.repeat(51)), { 'address.address2': 'District is not valid' }],
  ['UK', 'town markup', (f) => void (f.address.address3 = '<Bristol>'), { 'address.address3': 'Town is not valid' }],
  ['UK', 'county 51', (f) => void (f.address.county = 'x'.repeat(51)), { 'address.county': 'County is not valid' }],
  ['UK', 'postcode empty', (f) => void (f.address.postCode = ''), { 'address.postCode': 'Postcode is required' }],
  ['UK', 'postcode only spaces', (f) => void (f.address.postCode = '   '), { 'address.postCode': 'Postcode is required' }],
  ['UK', 'postcode short', (f) => void (f.address.postCode = 'BS1 4D'), { 'address.postCode': 'Postcode is not valid' }],
  ['UK', 'postcode an Eircode', (f) => void (f.address.postCode = 'D02 X285'), { 'address.postCode': 'Postcode is not valid' }],
  ['UK', 'postcode spaced out (spaces do not count)', (f) => void (f.address.postCode = ' B S 1   4 D J '), {}],
  ['UK', 'postcode over 10 without spaces', (f) => void (f.address.postCode = 'BS14DJBS14D'), { 'address.postCode': 'Postcode is not valid' }],
  ['IE', 'Eircode without space', (f) => void (f.address.postCode = 'd02x285'), {}],
  ['IE', 'Eircode a UK postcode', (f) => void (f.address.postCode = 'BS1 4DJ'), { 'address.postCode': 'Postcode is not valid' }],
  ['IE', 'Eircode empty', (f) => void (f.address.postCode = ''), { 'address.postCode': 'Postcode is required' }],
  // Company contact: names at most 20, phones at most 11, e-mail at most 50, each pattern-checked.
  ['UK', 'title empty', (f) => void (f.contact.title = ''), { 'contact.title': 'Title is required' }],
  ['UK', 'title digits', (f) => void (f.contact.title = 'Mr2'), { 'contact.title': 'Title is not valid' }],
  ['UK', 'title 21', (f) => void (f.contact.title = 'x'.repeat(21)), { 'contact.title': 'Title is not valid' }],
  ['UK', 'first name empty', (f) => void (f.contact.firstName = ''), { 'contact.firstName': 'First Name is required' }],
  ['UK', 'first name digits', (f) => void (f.contact.firstName = 'D4na'), { 'contact.firstName': 'First Name is not valid' }],
  ['UK', 'first name 20', (f) => void (f.contact.firstName = 'x'.repeat(20)), {}],
  ['UK', 'first name 21', (f) => void (f.contact.firstName = 'x'.repeat(21)), { 'contact.firstName': 'First Name is not valid' }],
  ['UK', 'last name empty', (f) => void (f.contact.lastName = ''), { 'contact.lastName': 'Last Name is required' }],
  ['UK', 'last name markup', (f) => void (f.contact.lastName = '<b>Reid</b>'), { 'contact.lastName': 'Last Name is not valid' }],
  ['UK', 'last name 21', (f) => void (f.contact.lastName = 'x'.repeat(21)), { 'contact.lastName': 'Last Name is not valid' }],
  ['UK', 'phone empty', (f) => void (f.contact.contactNumber1 = ''), { 'contact.contactNumber1': 'Phone Number is required' }],
  ['UK', 'phone short', (f) => void (f.contact.contactNumber1 = '01234'), { 'contact.contactNumber1': 'Phone Number is not valid' }],
  ['UK', 'phone 12 digits', (f) => void (f.contact.contactNumber1 = '0117 496 00001'), { 'contact.contactNumber1': 'Phone Number is not valid' }],
  // +44 117 496 0000 is a UK number, but 13 characters: over the cap of 11.
  ['UK', 'phone in international form', (f) => void (f.contact.contactNumber1 = '+44 117 496 0000'), { 'contact.contactNumber1': 'Phone Number is not valid' }],
  ['UK', 'phone with brackets and hyphens (stripped)', (f) => void (f.contact.contactNumber1 = '(0117) 496-0000'), {}],
  ['IE', 'phone a UK number', (f) => void (f.contact.contactNumber1 = '0117 496 0000'), { 'contact.contactNumber1': 'Phone Number is not valid' }],
  ['IE', 'phone a mobile', (f) => void (f.contact.contactNumber1 = '087 123 4567'), {}],
  ['UK', 'booking phone empty', (f) => void (f.contact.bookingPhoneNumber = ''), {}],
  ['UK', 'booking phone letters', (f) => void (f.contact.bookingPhoneNumber = 'call us'), { 'contact.bookingPhoneNumber': 'Booking Phone Number is not valid' }],
  ['UK', 'fax empty', (f) => void (f.contact.faxNumber = ''), {}],
  ['UK', 'fax letters', (f) => void (f.contact.faxNumber = 'fax'), { 'contact.faxNumber': 'Fax Number is not valid' }],
  ['UK', 'fax 12 digits', (f) => void (f.contact.faxNumber = '011749600001'), { 'contact.faxNumber': 'Fax Number is not valid' }],
  ['UK', 'email empty', (f) => void (f.contact.email = ''), { 'contact.email': 'Email is required' }],
  ['UK', 'email only spaces', (f) => void (f.contact.email = '   '), { 'contact.email': 'Email is required' }],
  ['UK', 'email without domain', (f) => void (f.contact.email = 'dana@'), { 'contact.email': 'Email is not valid' }],
  ['UK', 'email with inner spaces (stripped)', (f) => void (f.contact.email = 'dana @harbour.example'), {}],
  ['UK', 'email 50', (f) => void (f.contact.email = `${'a'.repeat(34)}@harbour.example`), {}],
  ['UK', 'email 51', (f) => void (f.contact.email = `${'a'.repeat(35)}@harbour.example`), { 'contact.email': 'Email is not valid' }],
  // Billing blocks: the same rules, only when their same-as toggle is off.
  ['UK', 'billing building empty', (f) => void (f.billingAddress.number = ''), { 'billingAddress.number': 'Building Name/Number is required' }],
  ['UK', 'billing street empty', (f) => void (f.billingAddress.address1 = ''), { 'billingAddress.address1': 'Street Name is required' }],
  ['UK', 'billing postcode empty', (f) => void (f.billingAddress.postCode = ''), { 'billingAddress.postCode': 'Postcode is required' }],
  ['UK', 'billing postcode not valid', (f) => void (f.billingAddress.postCode = 'XX'), { 'billingAddress.postCode': 'Postcode is not valid' }],
  ['UK', 'billing district 51', (f) => void (f.billingAddress.address2 = 'x'.repeat(51)), { 'billingAddress.address2': 'District is not valid' }],
  ['IE', 'billing Eircode a UK postcode', (f) => void (f.billingAddress.postCode = 'BS3 4AA'), { 'billingAddress.postCode': 'Postcode is not valid' }],
  ['UK', 'billing title empty', (f) => void (f.billingContact.title = ''), { 'billingContact.title': 'Title is required' }],
  ['UK', 'billing first name empty', (f) => void (f.billingContact.firstName = ''), { 'billingContact.firstName': 'First Name is required' }],
  ['UK', 'billing last name empty', (f) => void (f.billingContact.lastName = ''), { 'billingContact.lastName': 'Last Name is required' }],
  ['UK', 'billing phone empty', (f) => void (f.billingContact.contactNumber1 = ''), { 'billingContact.contactNumber1': 'Phone Number is required' }],
  ['UK', 'billing email empty', (f) => void (f.billingContact.email = ''), { 'billingContact.email': 'Email is required' }],
  ['UK', 'billing email not valid', (f) => void (f.billingContact.email = 'billing@harbour'), { 'billingContact.email': 'Email is not valid' }],
  ['UK', 'billing fax not valid', (f) => void (f.billingContact.faxNumber = '12'), { 'billingContact.faxNumber': 'Fax Number is not valid' }],
  [
    'UK',
    'billing address empty, same as company',
    (f) => Object.assign(f, { isBillingAddressSameAsAddress: true, billingAddress: { number: '', address1: '', address2: '', address3: '', county: '', postCode: 'nope' } }),
    {},
  ],
  [
    'UK',
    'billing contact empty, same as company',
    (f) => Object.assign(f, { isBillingContactSameAsContact: true, billingContact: { title: '', firstName: '', lastName: '', contactNumber1: 'x', bookingPhoneNumber: '', faxNumber: 'y', email: 'z' } }),
    {},
  ],
  // Director, after-sales and finance contacts: optional, at most 20 each.
  ['UK', 'person contacts empty', (f) => Object.assign(f, { directorContact: { name: '', phoneNumber: '', email: '' }, afterSalesContact: { name: '', phoneNumber: '', email: '' }, financeContact: { name: '', phoneNumber: '', email: '' } }), {}],
  ['UK', 'director name 20', (f) => void (f.directorContact.name = 'x'.repeat(20)), {}],
  ['UK', 'director name 21', (f) => void (f.directorContact.name = 'x'.repeat(21)), { 'directorContact.name': 'Name is not valid' }],
  ['UK', 'director email 21', (f) => void (f.directorContact.email = 'patrick@harbour.co.uk'), { 'directorContact.email': 'Email is not valid' }],
  ['UK', 'after-sales name 21', (f) => void (f.afterSalesContact.name = 'x'.repeat(21)), { 'afterSalesContact.name': 'Name is not valid' }],
  ['UK', 'after-sales phone not valid', (f) => void (f.afterSalesContact.phoneNumber = '12345'), { 'afterSalesContact.phoneNumber': 'Phone Number is not valid' }],
  ['UK', 'after-sales email 21', (f) => void (f.afterSalesContact.email = 'aftersales@harbour.uk'), { 'afterSalesContact.email': 'Email is not valid' }],
  ['UK', 'finance name 21', (f) => void (f.financeContact.name = 'x'.repeat(21)), { 'financeContact.name': 'Name is not valid' }],
  ['UK', 'finance email 21', (f) => void (f.financeContact.email = 'accounts@harbour.com.'), { 'financeContact.email': 'Email is not valid' }],
  ['IE', 'finance phone a UK number', (f) => void (f.financeContact.phoneNumber = '0117 496 0000'), { 'financeContact.phoneNumber': 'Phone Number is not valid' }],
  // The other choices: lists of known codes (the form always sends them), flags true or false.
  ['UK', 'no ancillaries, optional services or facilities', (f) => Object.assign(f, { ancillaries: [], supplementaryServices: [], facilities: [] }), {}],
  ['UK', 'unknown ancillary', (f) => void (f.ancillaries = ['TAIL_LIFT', 'HOIST']), { ancillaries: 'Ancillary is not valid' }],
  ['UK', 'unknown optional service', (f) => void (f.supplementaryServices = ['VALET' as never]), { supplementaryServices: 'Optional service is not valid' }],
  ['UK', 'unknown facility', (f) => void (f.facilities = ['WIFI', 'JACUZZI']), { facilities: 'Facility is not valid' }],
  ['UK', 'facilities missing', (f) => void delete (f as Partial<ApprovalForm>).facilities, { facilities: 'Facility is not valid' }],
  ['UK', 'optional services not a list', (f) => void (f.supplementaryServices = 'COURTESY_CAR' as never), { supplementaryServices: 'Optional service is not valid' }],
  ['UK', 'independent not a flag', (f) => Object.assign(f, { franchise: false, manufacturers: [], independent: 'no' }), { independent: 'Independent is not valid' }],
  ['UK', 'same-as flag not a flag', (f) => void (f.isBillingAddressSameAsAddress = 'false' as never), { isBillingAddressSameAsAddress: 'Same as company address is not valid' }],
  // Opening hours: every day present, half-hour times; Sunday only when open.
  ['UK', 'opening hours missing', (f) => void delete (f as Partial<ApprovalForm>).openingHours, {
    'openingHours.weekday': 'Opening hours is not valid',
    'openingHours.saturday': 'Opening hours is not valid',
    'openingHours.sunday': 'Opening hours is not valid',
  }],
  ['UK', 'Sunday missing', (f) => void delete (f.openingHours as Partial<ApprovalForm['openingHours']>).sunday, { 'openingHours.sunday': 'Opening hours is not valid' }],
  ['UK', 'weekday times not set', (f) => void (f.openingHours.weekday = { customOpening: null, customClosing: null }), {}],
  ['UK', 'weekday quarter past', (f) => void (f.openingHours.weekday.customOpening = '09:15'), { 'openingHours.weekday.customOpening': 'Time is not valid' }],
  ['UK', 'Sunday closed with stale times', (f) => void (f.openingHours.sunday = { customOpening: '25:00', customClosing: 'x', isOpen: false }), {}],
  ['IE', 'Sunday open at a quarter past', (f) => void (f.openingHours.sunday.customClosing = '14:15'), { 'openingHours.sunday.customClosing': 'Time is not valid' }],
];

describe('the Add and Approve Supplier form (spec 2 §5.5)', () => {
  it.each(['UK', 'IE'] as const)('accepts the complete %s form', (country) => {
    expect(messages(country, () => undefined)).toEqual({});
  });

  it.each(CASES)('%s: %s', (country, _name, change, expected) => {
    expect(messages(country, change)).toEqual(expected);
  });

  it('answers every required message of an empty form at once, billing blocks included while their toggles are off', () => {
    const empty = { name: '', phoneNumber: '', email: '' };
    const form: ApprovalForm = {
      ...toApprovalForm(submitted({ address: { isSameHeadOfficeAddress: false }, contactDetails: { isSameHeadOfficeContactDetails: false } })),
      companyName: '',
      companyRegistrationNumber: '',
      vatRegistrationNumber: '',
      address: { number: '', address1: '', address2: '', address3: '', county: '', postCode: '' },
      billingAddress: { number: '', address1: '', address2: '', address3: '', county: '', postCode: '' },
      contact: { title: '', firstName: '', lastName: '', contactNumber1: '', bookingPhoneNumber: '', faxNumber: '', email: '' },
      billingContact: { title: '', firstName: '', lastName: '', contactNumber1: '', bookingPhoneNumber: '', faxNumber: '', email: '' },
      services: [],
      directorContact: empty,
      afterSalesContact: empty,
      financeContact: empty,
    };
    const r = approvalFormSchema('en_GB').safeParse(form);
    expect(r.success).toBe(false);
    const out: Record<string, string> = {};
    for (const i of r.error!.issues) out[i.path.join('.')] ??= i.message;
    const block = (prefix: string, labels: Record<string, string>) => Object.fromEntries(Object.entries(labels).map(([k, v]) => [`${prefix}.${k}`, `${v} is required`]));
    expect(out).toEqual({
      supplierId: 'Supplier Id is required',
      companyName: 'Company name is required',
      companyRegistrationNumber: 'Company registration number is required',
      vatRegistrationNumber: 'VAT number is required',
      ...block('address', { number: 'Building Name/Number', address1: 'Street Name', postCode: 'Postcode' }),
      ...block('billingAddress', { number: 'Building Name/Number', address1: 'Street Name', postCode: 'Postcode' }),
      ...block('contact', { title: 'Title', firstName: 'First Name', lastName: 'Last Name', contactNumber1: 'Phone Number', email: 'Email' }),
      ...block('billingContact', { title: 'Title', firstName: 'First Name', lastName: 'Last Name', contactNumber1: 'Phone Number', email: 'Email' }),
      'servingRadius.radius': 'Serving proximity is required',
      vehicleTypes: 'Selection of vehicle category is required',
      services: 'Service selection is required',
      independent: 'Selection of Independent or Franchise is required',
    });
  });

  it('refuses Independent and Franchise together (they exclude each other)', () => {
    expect(messages('UK', (f) => (f.independent = true))).toEqual({ franchise: 'Selection of Independent or Franchise is required' });
  });

  it('refuses what is not a form, and lists or blocks that are missing, with messages rather than a crash', () => {
    for (const bad of [null, 'form', 42]) expect(approvalFormSchema('en_GB').safeParse(bad).success).toBe(false);
    const r = approvalFormSchema('en_GB').safeParse({ supplierId: 'S1' });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['companyName', 'address.postCode', 'contact.email', 'servingRadius.radius', 'vehicleTypes', 'services', 'independent']));
  });
});

/** A registration as eOnBoarding/getERegistrationDetails answers it: a Bristol garage, its billing details as given. */
function submitted(billing: { address?: Partial<NonNullable<RegistrationDetails['billingDetails']['address']>> | null; contactDetails?: Partial<NonNullable<RegistrationDetails['billingDetails']['contactDetails']>> | null } = {}): RegistrationDetails {
  const billingAddress = { number: 'Unit 7', address1: 'Mill Lane', address2: 'Bedminster', address3: 'Bristol', county: null, postcode: 'BS34AA', lat: null, lng: null, isSameHeadOfficeAddress: false };
  const billingContact = { title: 'Mr', firstName: 'Billy', lastName: 'Ames', phoneNumber: '07700900123', bookingPhoneNumber: null, faxNumber: null, email: 'billing@harbour.example', isSameHeadOfficeContactDetails: false };
  return {
    id: 'b7d3f0de-9d1e-4c55-8e55-3b1c1a1f0001',
    inviteId: 'b7d3f0de-9d1e-4c55-8e55-3b1c1a1f0001',
    version: 1,
    status: 'NEW',
    email: 'applicant@harbour.example',
    services: [
      { type: 'SERVICE', isEnabled: true, label: 'Service' },
      { type: 'MOT', isEnabled: false, label: 'MOT' },
      { type: 'TYRE', isEnabled: true, label: 'Tyres' },
    ],
    companyDetails: {
      name: 'Harbour Motors Ltd',
      regNumber: '01234567',
      VATNumber: null,
      address: { number: '12', address1: 'Quay Street', address2: null, address3: 'Bristol', county: 'Avon', postcode: 'BS14DJ', lat: 51.45, lng: -2.59 },
      contactDetails: { title: 'Ms', firstName: 'Dana', lastName: 'Reid', phoneNumber: '01174960000', bookingPhoneNumber: null, faxNumber: '01174960001', email: 'dana@harbour.example' },
      openingHours: { weekday: { customOpening: '08:00', customClosing: '18:00' }, saturday: { customOpening: null, customClosing: null }, sunday: { customOpening: null, customClosing: null, isOpen: false } },
    },
    billingDetails: {
      address: billing.address === null ? null : { ...billingAddress, ...billing.address },
      contactDetails: billing.contactDetails === null ? null : { ...billingContact, ...billing.contactDetails },
    },
    lastUpdated: '2026-01-05T10:00:00.000Z',
    reasonForRejection: null,
    approvedSupplier: null,
    approval: null,
  };
}

const COMPANY_ADDRESS = { number: '12', address1: 'Quay Street', address2: '', address3: 'Bristol', county: 'Avon', postCode: 'BS14DJ' };
const COMPANY_CONTACT = { title: 'Ms', firstName: 'Dana', lastName: 'Reid', contactNumber1: '01174960000', bookingPhoneNumber: '', faxNumber: '01174960001', email: 'dana@harbour.example' };
const BILLING_ADDRESS = { number: 'Unit 7', address1: 'Mill Lane', address2: 'Bedminster', address3: 'Bristol', county: '', postCode: 'BS34AA' };
const BILLING_CONTACT = { title: 'Mr', firstName: 'Billy', lastName: 'Ames', contactNumber1: '07700900123', bookingPhoneNumber: '', faxNumber: '', email: 'billing@harbour.example' };

describe('toApprovalForm: the form prefilled from the registration (spec 2 §2.3, §3.7)', () => {
  it('takes the company, contact, hours and enabled services as submitted, and leaves the reviewer’s choices empty', () => {
    const d = submitted();
    const form = toApprovalForm(d);
    expect(form).toEqual({
      supplierId: '',
      companyName: 'Harbour Motors Ltd',
      companyRegistrationNumber: '01234567',
      vatRegistrationNumber: '',
      address: COMPANY_ADDRESS,
      billingAddress: BILLING_ADDRESS,
      isBillingAddressSameAsAddress: false,
      contact: COMPANY_CONTACT,
      billingContact: BILLING_CONTACT,
      isBillingContactSameAsContact: false,
      openingHours: d.companyDetails.openingHours,
      servingRadius: { radius: '', mobileRadius: '0' },
      independent: false,
      franchise: false,
      manufacturers: [],
      services: ['SERVICE', 'TYRE'],
      vehicleTypes: [],
      ancillaries: [],
      supplementaryServices: [],
      facilities: [],
      directorContact: { name: '', phoneNumber: '', email: '' },
      afterSalesContact: { name: '', phoneNumber: '', email: '' },
      financeContact: { name: '', phoneNumber: '', email: '' },
    });
    // The hours are the form's own: changing them leaves the registration as it was.
    expect(form.openingHours).not.toBe(d.companyDetails.openingHours);
    form.openingHours.weekday.customOpening = '07:00';
    expect(d.companyDetails.openingHours.weekday.customOpening).toBe('08:00');
  });

  it('starts each billing block as the company’s when the applicant said it is the same, and ticks its toggle', () => {
    const form = toApprovalForm(submitted({ address: { isSameHeadOfficeAddress: true }, contactDetails: { isSameHeadOfficeContactDetails: true } }));
    expect(form).toMatchObject({ isBillingAddressSameAsAddress: true, billingAddress: COMPANY_ADDRESS, isBillingContactSameAsContact: true, billingContact: COMPANY_CONTACT });
    expect(form.billingAddress).not.toBe(form.address);
    expect(form.billingContact).not.toBe(form.contact);

    const mixed = toApprovalForm(submitted({ address: { isSameHeadOfficeAddress: true }, contactDetails: { isSameHeadOfficeContactDetails: false } }));
    expect(mixed).toMatchObject({ isBillingAddressSameAsAddress: true, billingAddress: COMPANY_ADDRESS, isBillingContactSameAsContact: false, billingContact: BILLING_CONTACT });
  });

  it('treats billing details the applicant left out as the same as the company’s', () => {
    const form = toApprovalForm(submitted({ address: null, contactDetails: null }));
    expect(form).toMatchObject({ isBillingAddressSameAsAddress: true, billingAddress: COMPANY_ADDRESS, isBillingContactSameAsContact: true, billingContact: COMPANY_CONTACT });
  });

  it('uses the default hours when the registration has none', () => {
    const d = submitted();
    (d.companyDetails as { openingHours: unknown }).openingHours = null;
    expect(toApprovalForm(d).openingHours).toEqual(DEFAULT_OPENING_HOURS);
  });
});

describe('billingToggle: the billing same-as toggles (spec 2 §4 "Approval form")', () => {
  it('on copies the company block as it is now; off restores the billing values the applicant saved', () => {
    const d = submitted();
    const saved = savedBilling(d);
    expect(saved).toEqual({ address: BILLING_ADDRESS, contact: BILLING_CONTACT });
    let form = toApprovalForm(d);
    // The reviewer corrects the company block, then ticks the toggles.
    form = { ...form, address: { ...form.address, number: '14' }, contact: { ...form.contact, firstName: 'Danielle' } };
    form = { ...form, ...billingToggle(form, 'address', true, saved) };
    form = { ...form, ...billingToggle(form, 'contact', true, saved) };
    expect(form).toMatchObject({ isBillingAddressSameAsAddress: true, billingAddress: { ...COMPANY_ADDRESS, number: '14' }, isBillingContactSameAsContact: true, billingContact: { ...COMPANY_CONTACT, firstName: 'Danielle' } });
    expect(form.billingAddress).not.toBe(form.address);

    form = { ...form, ...billingToggle(form, 'address', false, saved) };
    expect(form).toMatchObject({ isBillingAddressSameAsAddress: false, billingAddress: BILLING_ADDRESS, isBillingContactSameAsContact: true });
    form = { ...form, ...billingToggle(form, 'contact', false, saved) };
    expect(form).toMatchObject({ isBillingContactSameAsContact: false, billingContact: BILLING_CONTACT });
    // The restored values are copies: editing them leaves what was saved.
    form.billingAddress.number = 'Unit 9';
    expect(savedBilling(d).address.number).toBe('Unit 7');
    expect(saved.address.number).toBe('Unit 7');
  });

  it('answers only the toggled block', () => {
    const form = toApprovalForm(submitted());
    expect(Object.keys(billingToggle(form, 'address', true, savedBilling(submitted()))).sort()).toEqual(['billingAddress', 'isBillingAddressSameAsAddress']);
    expect(Object.keys(billingToggle(form, 'contact', false, savedBilling(submitted()))).sort()).toEqual(['billingContact', 'isBillingContactSameAsContact']);
  });

  it('restores empty blocks when the applicant saved no billing details', () => {
    const saved = savedBilling(submitted({ address: null, contactDetails: null }));
    expect(saved).toEqual({
      address: { number: '', address1: '', address2: '', address3: '', county: '', postCode: '' },
      contact: { title: '', firstName: '', lastName: '', contactNumber1: '', bookingPhoneNumber: '', faxNumber: '', email: '' },
    });
  });
});

describe('approvalAsSupplierForm: the supplier the approval amounts to (spec 2 §3.7, §4)', () => {
  it('maps the company as the supplier, with mandatory tyre readings on and the optional services offered', () => {
    const f = validApprovalForm('UK');
    const s = approvalAsSupplierForm(f, 'en_GB');
    expect(s).toMatchObject({
      id: null,
      version: null,
      locale: 'en_GB',
      supplierId: f.supplierId,
      name: 'Harbour Motors Ltd',
      companyRegistrationNumber: '01234567',
      vatRegistrationNumber: 'GB123456789',
      address: { number: '12', address1: 'Quay Street', address2: 'Old Town', address3: 'Bristol', county: 'Avon', postcode: 'bs1 4dj' },
      contact: { primaryPhoneNumber: '0117 496 0000', bookingPhoneNumber: '0117 496 0002', faxNumber: '0117 496 0001', email: ' dana@harbour.example ' },
      openingHours: f.openingHours,
      mandatoryTyreReadings: true,
      useHeadOfficeNameAndAddress: false,
      servingRadius: { radius: '15', mobileRadius: '5' },
      vehicleTypes: ['CAR', 'COMMERCIAL_UNDER_3_5'],
      specialistServices: [],
      services: ['SERVICE', 'MOT', 'TYRE'],
      restrictions: { maxHeight: '', maxLength: '', maxWeight: '' },
      facilities: ['WIFI', 'WASH_AND_VAC'],
      accountSystemReference: '',
    });
    expect(s.supplementaryServices.filter((x) => x.isOffered).map((x) => x.type)).toEqual(['COURTESY_CAR', 'WHILE_YOU_WAIT']);
    expect(s.supplementaryServices.every((x) => x.leadTime === '' && x.radius === '' && x.notes === '')).toBe(true);
  });

  it('offers Wash & Vac when it is ticked as an optional service or as a facility, stored both ways (spec 2 §3.1)', () => {
    for (const tick of [{ supplementaryServices: ['WASH_AND_VAC'] as const, facilities: [] }, { supplementaryServices: [] as const, facilities: ['WASH_AND_VAC'] }]) {
      const s = approvalAsSupplierForm(validApprovalForm('UK', { supplementaryServices: [...tick.supplementaryServices], facilities: tick.facilities }), 'en_GB');
      expect(s.facilities, JSON.stringify(tick)).toEqual(['WASH_AND_VAC']);
      const columns = supplierColumns(s, false);
      expect(columns.facilities?.filter((x) => x.isAvailable).map((x) => x.value)).toEqual(['WASH_AND_VAC']);
      expect(columns.supplementaryServices?.filter((x) => x.isOffered).map((x) => x.type)).toEqual(['WASH_AND_VAC']);
    }
  });

  it('defaults an empty mobile radius to 0 and keeps the locale it is given', () => {
    const s = approvalAsSupplierForm(validApprovalForm('IE'), 'en_IE');
    expect(s).toMatchObject({ locale: 'en_IE', mandatoryTyreReadings: true, servingRadius: { radius: '120', mobileRadius: '0' } });
    expect(s.supplementaryServices.some((x) => x.isOffered)).toBe(false);
  });
});

describe('approvalGroupColumns: the group an approved supplier starts in', () => {
  it('is created by E_REGISTRATION with the company as head office and the billing blocks stored as approved', () => {
    const g = approvalGroupColumns(validApprovalForm('UK'));
    expect(g).toEqual({
      name: 'Harbour Motors Ltd',
      companyRegistrationNumber: '01234567',
      vatRegistrationNumber: 'GB123456789',
      addressNumber: '12',
      address1: 'Quay Street',
      address2: 'Old Town',
      address3: 'Bristol',
      county: 'Avon',
      postCode: 'BS14DJ',
      billingAddress: { number: 'Unit 7', address1: 'Mill Lane', address2: 'Bedminster', address3: 'Bristol', county: 'Avon', postCode: 'BS34AA' },
      payingAddress: { number: 'Unit 7', address1: 'Mill Lane', address2: 'Bedminster', address3: 'Bristol', county: 'Avon', postCode: 'BS34AA' },
      contact: { title: 'Ms', firstName: 'Dana', lastName: 'Reid', contactNumber1: '01174960000', bookingPhoneNumber: '01174960002', faxNumber: '01174960001', email: 'dana@harbour.example' },
      billingContact: { title: 'Mr', firstName: 'Billy', lastName: 'Ames', contactNumber1: '07700900123', bookingPhoneNumber: null, faxNumber: null, email: 'billing@harbour.example' },
      payingContact: { title: 'Mr', firstName: 'Billy', lastName: 'Ames', contactNumber1: '07700900123', bookingPhoneNumber: null, faxNumber: null, email: 'billing@harbour.example' },
      isBillingAddressSameAsAddress: false,
      isPayingAddressSameAsBillingAddress: true,
      isBillingContactSameAsContact: false,
      isPayingContactSameAsBillingContact: true,
      supplierCreationType: 'E_REGISTRATION',
    });
  });

  it('copies the company blocks into billing (and paying) when the toggles are on, whatever the billing blocks still hold', () => {
    const f = validApprovalForm('IE', { isBillingAddressSameAsAddress: true, isBillingContactSameAsContact: true, vatRegistrationNumber: ' ie6388047v ' });
    const g = approvalGroupColumns(f);
    const head = { number: '4', address1: 'Baggot Street Lower', address2: null, address3: 'Dublin', county: null, postCode: 'D02X285' };
    const contact = { title: 'Mr', firstName: 'Seán', lastName: "O'Brien", contactNumber1: '014960000', bookingPhoneNumber: null, faxNumber: null, email: 'sean@liffey.example' };
    expect(g).toMatchObject({
      vatRegistrationNumber: 'IE6388047V',
      postCode: 'D02X285',
      address2: null,
      county: null,
      billingAddress: head,
      payingAddress: head,
      contact,
      billingContact: contact,
      payingContact: contact,
      isBillingAddressSameAsAddress: true,
      isBillingContactSameAsContact: true,
      supplierCreationType: 'E_REGISTRATION',
    });
  });
});
