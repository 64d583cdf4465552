import { describe, expect, it } from 'vitest';
import {
  emptyGroupForm,
  groupColumns,
  groupFormSchema,
  groupIdEditable,
  groupIdTaken,
  groupLengthCaps,
  toGroupForm,
  type GroupDetails,
  type GroupForm,
} from '../../domain/groups';
import { COUNTRIES, type Country } from '../../domain/country';
import { EMPTY_FEE, feeFromInput, type FeeField } from '../../domain/fees';

/** A fee as it may arrive from outside the console: only the masked text is read by the schema. */
const fee = (masked: string): FeeField => ({ masked, raw: null, value: null });
/** An e-mail address of exactly `length` characters. */
const emailOf = (length: number) => `${'a'.repeat(length - '@harbour.example'.length)}@harbour.example`;

/** A form that passes in `country`, with every block typed by hand (no flag ticked), to change one thing at a time. */
function valid(country: Country): GroupForm {
  const f = emptyGroupForm(country);
  const uk = country === 'UK';
  return {
    ...f,
    groupId: 'HMG-001',
    name: 'Harbour Motor Group',
    companyRegistrationNumber: uk ? '01234567' : '123456',
    vatRegistrationNumber: uk ? 'GB123456789' : 'IE6388047V',
    visnAccountNumber: 'VISN_10001',
    // Ireland: Locality and County filled on the address, left empty on the billing and paying addresses.
    address: uk
      ? { number: '12', address1: 'Quay Street', address2: 'Redcliffe', address3: 'Bristol', county: 'Avon', postcode: 'BS1 4DJ' }
      : { number: '12', address1: 'Pembroke Road', address2: 'Ballsbridge', address3: 'Dublin', county: 'Dublin', postcode: 'D02 X285' },
    billingAddress: uk
      ? { number: 'Unit 4', address1: 'Temple Way', address2: 'St Philips', address3: 'Bristol', county: 'Avon', postcode: 'BS2 0BY' }
      : { number: 'Unit 4', address1: 'Main Street', address2: '', address3: 'Athlone', county: '', postcode: 'A65 F4E2' },
    payingAddress: uk
      ? { number: '1', address1: 'Broad Street', address2: 'Old City', address3: 'Bristol', county: 'Avon', postcode: 'BS1 2EQ' }
      : { number: '1', address1: 'Grand Parade', address2: '', address3: 'Cork', county: '', postcode: 'T12 XHK5' },
    contact: { title: 'Mr', firstName: 'Sam', lastName: "O'Neill", contactNumber1: uk ? '01171234567' : '0211234567', faxNumber: uk ? '01179876543' : '0217654321', email: 'office@harbour.example' },
    billingContact: { title: 'Ms', firstName: 'Jo', lastName: 'Smith-Jones', contactNumber1: uk ? '07700900123' : '0871234567', faxNumber: '', email: 'accounts@harbour.example' },
    payingContact: { title: '', firstName: 'Alex', lastName: 'Byrne', contactNumber1: uk ? '02079460000' : '016612345', faxNumber: '', email: 'payments@harbour.example' },
    platformFees: {
      currency: uk ? 'GBP' : 'EURO',
      paymentMethod: 'DIRECT_DEBIT',
      feesSchedule: 30,
      acceptedBookingFee: feeFromInput('1.50'),
      transactionFee: feeFromInput('0.25'),
      reportingLicenceFee: feeFromInput('1,234.50'),
      merchantFee: feeFromInput('2.5', 3),
    },
    creditLimit: { agreedCreditLimit: feeFromInput('5000'), updatedBy: null },
  };
}

/** Every issue of a form as [path, message], path joined with '.'. */
function issues(country: Country, form: GroupForm): [string, string][] {
  const r = groupFormSchema(country).safeParse(form);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
}

/** The messages of a form by path; the schema gives at most one per field. */
function messagesOf(country: Country, form: GroupForm): Record<string, string> {
  const all = issues(country, form);
  const out = Object.fromEntries(all);
  expect(Object.keys(out)).toHaveLength(all.length);
  return out;
}

function setAt(form: GroupForm, path: string, value: unknown): void {
  const keys = path.split('.');
  let o = form as unknown as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) o = o[k] as Record<string, unknown>;
  o[keys[keys.length - 1]] = value;
}

/** The messages of the valid form of `country` with `path` set to `value`. */
function messages(country: Country, path: string, value: unknown): Record<string, string> {
  const form = structuredClone(valid(country));
  setAt(form, path, value);
  return messagesOf(country, form);
}

const postcodeLabel = (c: Country) => (c === 'IE' ? 'Eircode' : 'Postcode');
const ADDRESS_BLOCKS = ['address', 'billingAddress', 'payingAddress'] as const;
const CONTACT_BLOCKS = ['contact', 'billingContact', 'payingContact'] as const;

type Row = [Country, string, unknown, Record<string, string>];

/** Rules that read the same in both countries (only the postcode's label differs). */
const BOTH: Row[] = COUNTRIES.flatMap((c): Row[] => [
  // Required fields of the group (spec 2 §5.3), blank or only spaces.
  [c, 'groupId', '', { groupId: 'Group ID is required' }],
  [c, 'groupId', '   ', { groupId: 'Group ID is required' }],
  [c, 'name', '', { name: 'Supplier Group Name is required' }],
  [c, 'companyRegistrationNumber', '', { companyRegistrationNumber: 'Company registration number is required' }],
  [c, 'vatRegistrationNumber', '', { vatRegistrationNumber: 'VAT Registration number is required' }],
  [c, 'visnAccountNumber', ' ', { visnAccountNumber: 'Visn account number is required' }],
  // Required in every address block (the billing and paying ones are not ticked in the fixture).
  ...ADDRESS_BLOCKS.flatMap((b): Row[] => [
    [c, `${b}.number`, '', { [`${b}.number`]: 'Building Name/Number is required' }],
    [c, `${b}.address1`, '', { [`${b}.address1`]: 'Street name is required' }],
    [c, `${b}.address3`, '', { [`${b}.address3`]: 'Town is required' }],
    [c, `${b}.postcode`, '', { [`${b}.postcode`]: `${postcodeLabel(c)} is required` }],
    [c, `${b}.postcode`, '   ', { [`${b}.postcode`]: `${postcodeLabel(c)} is required` }],
  ]),
  // E-mail: required on the contact and the paying contact, optional on the billing contact.
  [c, 'contact.email', '', { 'contact.email': 'Email is required' }],
  [c, 'contact.email', '  ', { 'contact.email': 'Email is required' }],
  [c, 'payingContact.email', '', { 'payingContact.email': 'Email is required' }],
  [c, 'billingContact.email', '', {}],
  [c, 'contact.email', 'office@', { 'contact.email': 'Email is not valid' }],
  [c, 'contact.email', ' office@harbour.example ', {}],
  [c, 'contact.email', emailOf(50), {}],
  [c, 'contact.email', emailOf(51), { 'contact.email': 'Email is not valid' }],
  [c, 'billingContact.email', emailOf(50), {}],
  [c, 'billingContact.email', emailOf(51), { 'billingContact.email': 'Email is not valid' }],
  [c, 'billingContact.email', 'accounts@', { 'billingContact.email': 'Email is not valid' }],
  [c, 'payingContact.email', emailOf(100), {}],
  [c, 'payingContact.email', emailOf(101), { 'payingContact.email': 'Email is not valid' }],
  // The four fees, the currency and the fees schedule are required.
  [c, 'platformFees.acceptedBookingFee', EMPTY_FEE, { 'platformFees.acceptedBookingFee': 'Accepted Booking Fee is required' }],
  [c, 'platformFees.transactionFee', EMPTY_FEE, { 'platformFees.transactionFee': 'Transaction Fee is required' }],
  [c, 'platformFees.reportingLicenceFee', fee(' '), { 'platformFees.reportingLicenceFee': 'Reporting Licence Fee is required' }],
  [c, 'platformFees.merchantFee', EMPTY_FEE, { 'platformFees.merchantFee': 'Merchant Fee is required' }],
  [c, 'platformFees.currency', '', { 'platformFees.currency': 'Currency is required' }],
  [c, 'platformFees.feesSchedule', null, { 'platformFees.feesSchedule': 'Fees Schedule is required' }],
  // Money: up to 6 integer digits and 2 decimals; zero allowed.
  [c, 'platformFees.acceptedBookingFee', feeFromInput('0'), {}],
  [c, 'platformFees.acceptedBookingFee', fee('999,999.99'), {}],
  [c, 'platformFees.acceptedBookingFee', fee('1,000,000'), { 'platformFees.acceptedBookingFee': 'Accepted Booking Fee is not valid' }],
  [c, 'platformFees.transactionFee', fee('1.234'), { 'platformFees.transactionFee': 'Transaction Fee is not valid' }],
  [c, 'platformFees.transactionFee', fee('-1'), { 'platformFees.transactionFee': 'Transaction Fee is not valid' }],
  [c, 'platformFees.reportingLicenceFee', fee('abc'), { 'platformFees.reportingLicenceFee': 'Reporting Licence Fee is not valid' }],
  // Merchant fee: 0 to 100, 2 decimals.
  [c, 'platformFees.merchantFee', feeFromInput('0', 3), {}],
  [c, 'platformFees.merchantFee', feeFromInput('99.99', 3), {}],
  [c, 'platformFees.merchantFee', feeFromInput('100', 3), {}],
  [c, 'platformFees.merchantFee', feeFromInput('100.00', 3), {}],
  [c, 'platformFees.merchantFee', feeFromInput('1000', 3), {}], // typing stops at 3 integer digits: '100'
  [c, 'platformFees.merchantFee', fee('100.01'), { 'platformFees.merchantFee': 'Merchant Fee must be between 0 and 100' }],
  [c, 'platformFees.merchantFee', fee('101'), { 'platformFees.merchantFee': 'Merchant Fee must be between 0 and 100' }],
  [c, 'platformFees.merchantFee', fee('1,000'), { 'platformFees.merchantFee': 'Merchant Fee must be between 0 and 100' }],
  [c, 'platformFees.merchantFee', fee('12.345'), { 'platformFees.merchantFee': 'Merchant Fee is not valid' }],
  // Fees schedule: a choice of 1 to 60 days.
  [c, 'platformFees.feesSchedule', 1, {}],
  [c, 'platformFees.feesSchedule', 60, {}],
  [c, 'platformFees.feesSchedule', 0, { 'platformFees.feesSchedule': 'Fees Schedule is not valid' }],
  [c, 'platformFees.feesSchedule', 61, { 'platformFees.feesSchedule': 'Fees Schedule is not valid' }],
  [c, 'platformFees.feesSchedule', 1.5, { 'platformFees.feesSchedule': 'Fees Schedule is not valid' }],
  // Optional choices and the credit limit: checked only when set.
  [c, 'platformFees.paymentMethod', '', {}],
  [c, 'platformFees.paymentMethod', 'BACS', {}],
  [c, 'platformFees.paymentMethod', 'CASH', { 'platformFees.paymentMethod': 'Payment Method is not valid' }],
  [c, 'creditLimit.agreedCreditLimit', EMPTY_FEE, {}],
  [c, 'creditLimit.agreedCreditLimit', fee('12.345'), { 'creditLimit.agreedCreditLimit': 'Agreed Credit Limit is not valid' }],
  // Pattern and length failures: '{Label} is not valid'.
  [c, 'groupId', 'G'.repeat(20), {}],
  [c, 'groupId', 'G'.repeat(21), { groupId: 'Group ID is not valid' }],
  [c, 'groupId', 'G 1', { groupId: 'Group ID is not valid' }],
  [c, 'name', 'x'.repeat(250), {}],
  [c, 'name', 'x'.repeat(251), { name: 'Supplier Group Name is not valid' }],
  [c, 'name', 'Harbour <Motors>', { name: 'Supplier Group Name is not valid' }],
  [c, 'visnAccountNumber', 'V'.repeat(30), {}],
  [c, 'visnAccountNumber', 'V'.repeat(31), { visnAccountNumber: 'Visn account number is not valid' }],
  [c, 'visnAccountNumber', 'V 1', { visnAccountNumber: 'Visn account number is not valid' }],
  [c, 'vatRegistrationNumber', 'GB-123', { vatRegistrationNumber: 'VAT Number is not valid' }],
  [c, 'address.number', 'N'.repeat(20), {}],
  [c, 'address.number', 'N'.repeat(21), { 'address.number': 'Building Name/Number is not valid' }],
  [c, 'address.number', '12{', { 'address.number': 'Building Name/Number is not valid' }],
  [c, 'address.address1', 'Quay ~ Street', { 'address.address1': 'Street name is not valid' }],
  [c, 'billingAddress.address1', 'S'.repeat(51), { 'billingAddress.address1': 'Street name is not valid' }],
  [c, 'address.address2', 'L'.repeat(51), { 'address.address2': 'Locality is not valid' }],
  [c, 'address.address3', '<Bristol>', { 'address.address3': 'Town is not valid' }],
  [c, 'payingAddress.county', '$', { 'payingAddress.county': 'County is not valid' }],
  [c, 'contact.title', 'Dr1', { 'contact.title': 'Title is not valid' }],
  [c, 'contact.title', 'T'.repeat(21), { 'contact.title': 'Title is not valid' }],
  [c, 'billingContact.firstName', 'Jo2', { 'billingContact.firstName': 'First Name is not valid' }],
  [c, 'payingContact.lastName', 'B'.repeat(51), { 'payingContact.lastName': 'Last Name is not valid' }],
  [c, 'contact.firstName', '', {}],
  [c, 'contact.lastName', '', {}],
  [c, 'contact.title', '', {}],
  // Fax: optional, at most 13 (spaces stripped) in both countries.
  ...CONTACT_BLOCKS.map((b): Row => [c, `${b}.faxNumber`, '', {}]),
  [c, 'contact.faxNumber', 'fax', { 'contact.faxNumber': 'Fax Number is not valid' }],
]);

const UK: Row[] = [
  // Locality and County required in the UK, in every address block.
  ...ADDRESS_BLOCKS.flatMap((b): Row[] => [
    ['UK', `${b}.address2`, '', { [`${b}.address2`]: 'Locality is required' }],
    ['UK', `${b}.county`, '', { [`${b}.county`]: 'County is required' }],
  ]),
  // Postcode: at most 7 once spaces are stripped, and a UK postcode.
  ['UK', 'address.postcode', 'SW1A 1AA', {}],
  ['UK', 'address.postcode', ' sw1a1aa ', {}],
  ['UK', 'address.postcode', 'SW1A  1AA', {}],
  ['UK', 'address.postcode', 'SW1A 1AAA', { 'address.postcode': 'Postcode is not valid' }],
  ['UK', 'address.postcode', 'BS1 4D', { 'address.postcode': 'Postcode is not valid' }],
  ['UK', 'address.postcode', 'D02 X285', { 'address.postcode': 'Postcode is not valid' }],
  ['UK', 'billingAddress.postcode', 'QA1 1AA', { 'billingAddress.postcode': 'Postcode is not valid' }],
  ['UK', 'payingAddress.postcode', 'BS1 2EQX', { 'payingAddress.postcode': 'Postcode is not valid' }],
  // VAT: at most 20.
  ['UK', 'vatRegistrationNumber', `GB${'1'.repeat(18)}`, {}],
  ['UK', 'vatRegistrationNumber', `GB${'1'.repeat(19)}`, { vatRegistrationNumber: 'VAT Number is not valid' }],
  ['UK', 'vatRegistrationNumber', 'IE6388047VA', {}],
  // Company number: Companies House shapes.
  ['UK', 'companyRegistrationNumber', 'SC123456', {}],
  ['UK', 'companyRegistrationNumber', '1234', { companyRegistrationNumber: 'Company registration number is not valid' }],
  ['UK', 'companyRegistrationNumber', '123456', { companyRegistrationNumber: 'Company registration number is not valid' }],
  // Phone: optional in the UK, at most 11 once spaces are stripped.
  ...CONTACT_BLOCKS.map((b): Row => ['UK', `${b}.contactNumber1`, '', {}]),
  ['UK', 'contact.contactNumber1', '0117 123 4567', {}],
  ['UK', 'contact.contactNumber1', '+441171234567', { 'contact.contactNumber1': 'Phone Number is not valid' }],
  ['UK', 'contact.contactNumber1', '011712345678', { 'contact.contactNumber1': 'Phone Number is not valid' }],
  ['UK', 'billingContact.contactNumber1', 'phone', { 'billingContact.contactNumber1': 'Phone Number is not valid' }],
  ['UK', 'payingContact.contactNumber1', '0211234567', { 'payingContact.contactNumber1': 'Phone Number is not valid' }],
  // Fax: at most 13.
  ['UK', 'contact.faxNumber', '+441179876543', {}],
  ['UK', 'contact.faxNumber', '00441179876543', { 'contact.faxNumber': 'Fax Number is not valid' }],
];

const IE: Row[] = [
  // Locality and County optional in Ireland.
  ...ADDRESS_BLOCKS.flatMap((b): Row[] => [
    ['IE', `${b}.address2`, '', {}],
    ['IE', `${b}.county`, '', {}],
  ]),
  ['IE', 'billingAddress.address2', 'Ranelagh', {}],
  ['IE', 'billingAddress.county', 'Westmeath', {}],
  ['IE', 'billingAddress.county', '#1 <county>', { 'billingAddress.county': 'County is not valid' }],
  // Eircode: at most 7 once spaces are stripped.
  ['IE', 'address.postcode', 'D02X285', {}],
  ['IE', 'address.postcode', 'd02 x285', {}],
  ['IE', 'address.postcode', 'D6W 1234', {}],
  ['IE', 'address.postcode', 'D02 X2851', { 'address.postcode': 'Eircode is not valid' }],
  ['IE', 'address.postcode', 'D02 X28', { 'address.postcode': 'Eircode is not valid' }],
  ['IE', 'address.postcode', 'BS1 4DJ', { 'address.postcode': 'Eircode is not valid' }],
  ['IE', 'payingAddress.postcode', 'SW1A 1AA', { 'payingAddress.postcode': 'Eircode is not valid' }],
  // VAT: at most 10.
  ['IE', 'vatRegistrationNumber', 'IE63880471', {}],
  ['IE', 'vatRegistrationNumber', 'IE6388047VA', { vatRegistrationNumber: 'VAT Number is not valid' }],
  ['IE', 'vatRegistrationNumber', `GB${'1'.repeat(18)}`, { vatRegistrationNumber: 'VAT Number is not valid' }],
  // Company number: CRO, up to six digits with no leading zero.
  ['IE', 'companyRegistrationNumber', '7', {}],
  ['IE', 'companyRegistrationNumber', '0123', { companyRegistrationNumber: 'Company registration number is not valid' }],
  ['IE', 'companyRegistrationNumber', '01234567', { companyRegistrationNumber: 'Company registration number is not valid' }],
  // Phone: required in Ireland in every contact block (none ticked), at most 13 once spaces are stripped.
  ...CONTACT_BLOCKS.map((b): Row => ['IE', `${b}.contactNumber1`, '', { [`${b}.contactNumber1`]: 'Phone Number is required' }]),
  ['IE', 'contact.contactNumber1', ' ', { 'contact.contactNumber1': 'Phone Number is required' }],
  ['IE', 'contact.contactNumber1', '+353 21 123 4567', {}],
  ['IE', 'contact.contactNumber1', '+353871234567', {}],
  ['IE', 'contact.contactNumber1', '00353211234567', { 'contact.contactNumber1': 'Phone Number is not valid' }],
  ['IE', 'billingContact.contactNumber1', '01171234567', { 'billingContact.contactNumber1': 'Phone Number is not valid' }],
  // Fax: at most 13.
  ['IE', 'contact.faxNumber', '+353217654321', {}],
  ['IE', 'contact.faxNumber', '00353217654321', { 'contact.faxNumber': 'Fax Number is not valid' }],
];

describe('the group form (spec 2 §5.3), both countries', () => {
  it.each(COUNTRIES)('accepts the complete %s group', (country) => {
    expect(issues(country, valid(country))).toEqual([]);
  });

  it.each([...BOTH, ...UK, ...IE])('%s: %s = %j gives %j', (country, path, value, expected) => {
    expect(messages(country, path, value)).toEqual(expected);
  });

  it.each([
    [
      'UK',
      {
        ...Object.fromEntries(
          ADDRESS_BLOCKS.flatMap((b) => [
            [`${b}.number`, 'Building Name/Number is required'],
            [`${b}.address1`, 'Street name is required'],
            [`${b}.address2`, 'Locality is required'],
            [`${b}.address3`, 'Town is required'],
            [`${b}.county`, 'County is required'],
            [`${b}.postcode`, 'Postcode is required'],
          ]),
        ),
      },
    ],
    [
      'IE',
      {
        ...Object.fromEntries(
          ADDRESS_BLOCKS.flatMap((b) => [
            [`${b}.number`, 'Building Name/Number is required'],
            [`${b}.address1`, 'Street name is required'],
            [`${b}.address3`, 'Town is required'],
            [`${b}.postcode`, 'Eircode is required'],
          ]),
        ),
        ...Object.fromEntries(CONTACT_BLOCKS.map((b) => [`${b}.contactNumber1`, 'Phone Number is required'])),
      },
    ],
  ] as const)('an empty %s form names every required field once, the currency aside (it starts at the country’s)', (country, blocks) => {
    expect(messagesOf(country, emptyGroupForm(country))).toEqual({
      groupId: 'Group ID is required',
      name: 'Supplier Group Name is required',
      companyRegistrationNumber: 'Company registration number is required',
      vatRegistrationNumber: 'VAT Registration number is required',
      visnAccountNumber: 'Visn account number is required',
      ...blocks,
      'contact.email': 'Email is required',
      'payingContact.email': 'Email is required',
      'platformFees.acceptedBookingFee': 'Accepted Booking Fee is required',
      'platformFees.transactionFee': 'Transaction Fee is required',
      'platformFees.reportingLicenceFee': 'Reporting Licence Fee is required',
      'platformFees.merchantFee': 'Merchant Fee is required',
      'platformFees.feesSchedule': 'Fees Schedule is required',
    });
    const noCurrency = emptyGroupForm(country);
    noCurrency.platformFees.currency = '';
    expect(messagesOf(country, noCurrency)['platformFees.currency']).toBe('Currency is required');
  });
});

describe('the group form’s "same as" blocks (spec 2 §5.3: billing and paying blocks required unless their flag is ticked)', () => {
  const garbageAddress = { number: '{', address1: '~', address2: 'x'.repeat(60), address3: '<>', county: '$', postcode: 'NOT A CODE' };
  const garbageContact = { title: '1', firstName: '2', lastName: '3', contactNumber1: 'phone', faxNumber: 'fax', email: 'nope@' };
  const empty = (c: Country, b: 'billingAddress' | 'payingAddress') =>
    c === 'UK'
      ? {
          [`${b}.number`]: 'Building Name/Number is required',
          [`${b}.address1`]: 'Street name is required',
          [`${b}.address2`]: 'Locality is required',
          [`${b}.address3`]: 'Town is required',
          [`${b}.county`]: 'County is required',
          [`${b}.postcode`]: 'Postcode is required',
        }
      : { [`${b}.number`]: 'Building Name/Number is required', [`${b}.address1`]: 'Street name is required', [`${b}.address3`]: 'Town is required', [`${b}.postcode`]: 'Eircode is required' };

  const CASES: [Country, string, (f: GroupForm) => void, Record<string, string>][] = COUNTRIES.flatMap((c): [Country, string, (f: GroupForm) => void, Record<string, string>][] => [
    [c, 'billing address emptied, not ticked', (f) => void (f.billingAddress = emptyGroupForm(c).billingAddress), empty(c, 'billingAddress')],
    [c, 'billing address emptied, ticked', (f) => void Object.assign(f, { billingAddress: emptyGroupForm(c).billingAddress, isBillingAddressSameAsAddress: true }), {}],
    [c, 'billing address invalid, ticked', (f) => void Object.assign(f, { billingAddress: garbageAddress, isBillingAddressSameAsAddress: true }), {}],
    [c, 'paying address emptied, not ticked', (f) => void (f.payingAddress = emptyGroupForm(c).payingAddress), empty(c, 'payingAddress')],
    [c, 'paying address invalid, ticked', (f) => void Object.assign(f, { payingAddress: garbageAddress, isPayingAddressSameAsBillingAddress: true }), {}],
    // Only the paying flag ticked: the billing address is still checked.
    [c, 'billing address emptied, paying ticked', (f) => void Object.assign(f, { billingAddress: emptyGroupForm(c).billingAddress, isPayingAddressSameAsBillingAddress: true }), empty(c, 'billingAddress')],
    // Both ticked: both skipped.
    [c, 'billing and paying addresses emptied, both ticked', (f) => void Object.assign(f, { billingAddress: emptyGroupForm(c).billingAddress, payingAddress: emptyGroupForm(c).payingAddress, isBillingAddressSameAsAddress: true, isPayingAddressSameAsBillingAddress: true }), {}],
    // The head blocks have no flag: a ticked child does not skip its parent.
    [c, 'address emptied, billing ticked', (f) => void Object.assign(f, { address: { ...f.address, number: '' }, isBillingAddressSameAsAddress: true }), { 'address.number': 'Building Name/Number is required' }],
    [c, 'contact email emptied, billing contact ticked', (f) => void Object.assign(f, { contact: { ...f.contact, email: '' }, isBillingContactSameAsContact: true }), { 'contact.email': 'Email is required' }],
    [c, 'billing contact invalid, ticked', (f) => void Object.assign(f, { billingContact: garbageContact, isBillingContactSameAsContact: true }), {}],
    [c, 'paying contact emptied, ticked', (f) => void Object.assign(f, { payingContact: emptyGroupForm(c).payingContact, isPayingContactSameAsBillingContact: true }), {}],
    [c, 'paying contact invalid, ticked', (f) => void Object.assign(f, { payingContact: garbageContact, isPayingContactSameAsBillingContact: true }), {}],
    [
      c,
      'paying contact emptied, not ticked',
      (f) => void (f.payingContact = emptyGroupForm(c).payingContact),
      c === 'UK' ? { 'payingContact.email': 'Email is required' } : { 'payingContact.email': 'Email is required', 'payingContact.contactNumber1': 'Phone Number is required' },
    ],
    [c, 'billing contact emptied, not ticked', (f) => void (f.billingContact = emptyGroupForm(c).billingContact), c === 'UK' ? {} : { 'billingContact.contactNumber1': 'Phone Number is required' }],
    [c, 'billing contact emptied, ticked', (f) => void Object.assign(f, { billingContact: emptyGroupForm(c).billingContact, isBillingContactSameAsContact: true }), {}],
    [
      c,
      'every flag ticked, every child block invalid',
      (f) =>
        void Object.assign(f, {
          billingAddress: garbageAddress,
          payingAddress: garbageAddress,
          billingContact: garbageContact,
          payingContact: garbageContact,
          isBillingAddressSameAsAddress: true,
          isPayingAddressSameAsBillingAddress: true,
          isBillingContactSameAsContact: true,
          isPayingContactSameAsBillingContact: true,
        }),
      {},
    ],
  ]);

  it.each(CASES)('%s: %s', (country, _what, change, expected) => {
    const form = structuredClone(valid(country));
    change(form);
    expect(messagesOf(country, form)).toEqual(expected);
  });

  it.each(COUNTRIES)('an empty %s form with every flag ticked asks only for the address and contact blocks', (country) => {
    const form = { ...emptyGroupForm(country), isBillingAddressSameAsAddress: true, isPayingAddressSameAsBillingAddress: true, isBillingContactSameAsContact: true, isPayingContactSameAsBillingContact: true };
    const blocks = new Set(Object.keys(messagesOf(country, form)).map((p) => p.split('.')[0]));
    expect(blocks.has('address') && blocks.has('contact')).toBe(true);
    for (const child of ['billingAddress', 'payingAddress', 'billingContact', 'payingContact']) expect(blocks.has(child)).toBe(false);
  });
});

describe('the Group ID (spec 2 §5.3, §8)', () => {
  it.each([
    ['HMG-001', ['HMG-001'], true],
    ['hmg-001', ['HMG-001'], true],
    ['HMG-001', ['other', 'hmg-001'], true],
    [' HMG-001 ', ['HMG-001'], true],
    ['HMG-002', ['HMG-001'], false],
    ['HMG-00', ['HMG-001'], false],
    ['HMG-001', [], false],
    ['', [''], false],
    ['  ', ['', '  '], false],
    [null, ['HMG-001'], false],
    [42, ['42'], false],
  ] as const)('groupIdTaken(%j, %j) is %s', (id, known, taken) => {
    expect(groupIdTaken(id, known)).toBe(taken);
  });

  it.each([
    [true, 'HMG-001', true],
    [true, null, true],
    [false, 'HMG-001', false],
    [false, '', true],
    [false, '   ', true],
    [false, null, true],
    [false, undefined, true],
  ] as const)('groupIdEditable(isNew %s, saved %j) is %s', (isNew, saved, editable) => {
    expect(groupIdEditable(isNew, saved)).toBe(editable);
  });
});

describe('the group form defaults and typed caps (spec 2 §4, §9)', () => {
  it.each([
    ['UK', 'en_GB', 'GBP'],
    ['IE', 'en_IE', 'EURO'],
  ] as const)('a new %s group: locale %s, currency %s, live, Enforce MFA Yes, no flag ticked', (country, locale, currency) => {
    const f = emptyGroupForm(country);
    expect(f).toMatchObject({
      locale,
      status: 'live',
      enforceMfa: true,
      isBillingAddressSameAsAddress: false,
      isPayingAddressSameAsBillingAddress: false,
      isBillingContactSameAsContact: false,
      isPayingContactSameAsBillingContact: false,
      platformFees: { currency, paymentMethod: '', feesSchedule: null, merchantFee: EMPTY_FEE },
    });
  });

  it.each([
    ['UK', { groupId: 20, name: 250, companyRegistrationNumber: 20, vatRegistrationNumber: 20, visnAccountNumber: 30, 'address.number': 20, 'address.address1': 50, 'billingAddress.address2': 50, 'payingAddress.county': 50, 'address.postcode': 7, 'contact.title': 20, 'contact.firstName': 50, 'contact.contactNumber1': 11, 'billingContact.faxNumber': 13, 'contact.email': 50, 'billingContact.email': 50, 'payingContact.email': 100 }],
    ['IE', { vatRegistrationNumber: 10, 'address.postcode': 7, 'payingAddress.postcode': 7, 'contact.contactNumber1': 13, 'payingContact.contactNumber1': 13, 'contact.faxNumber': 13, 'payingContact.email': 100 }],
  ] as const)('caps typing in the %s form at the lengths of spec 2 §5.3 and §9', (country, expected) => {
    const caps = groupLengthCaps(country);
    for (const [path, max] of Object.entries(expected)) expect([path, caps[path]?.max]).toEqual([path, max]);
  });
});

describe('saved group ↔ form ↔ stored columns', () => {
  const details: GroupDetails = {
    id: 'grp-1',
    accountId: 'acc-1',
    version: 3,
    groupId: 'HMG-001',
    name: 'Harbour Motor Group',
    companyRegistrationNumber: '01234567',
    vatRegistrationNumber: 'gb123456789',
    visnAccountNumber: 'VISN_10001',
    enforceMfa: null,
    blocked: false,
    supplierCreationType: 'ADMIN',
    locale: 'en_GB',
    belongsToDINetwork: true,
    lastUpdated: '2026-01-05T10:00:00.000Z',
    address: { number: '12', address1: 'Quay Street', address2: 'Redcliffe', address3: 'Bristol', county: 'Avon', postcode: 'bs1 4dj' },
    // Stale values under ticked flags: the parent wins on save.
    billingAddress: { number: 'old', address1: 'Old Road', address2: null, address3: 'Bath', county: null, postcode: 'BA1 1AA' },
    payingAddress: null,
    contact: { title: 'Mr', firstName: 'Sam', lastName: "O'Neill", contactNumber1: '01171234567', faxNumber: null, email: 'office@harbour.example' },
    billingContact: null,
    payingContact: { title: null, firstName: 'Alex', lastName: 'Byrne', contactNumber1: null, faxNumber: null, email: 'payments@harbour.example' },
    isBillingAddressSameAsAddress: true,
    isPayingAddressSameAsBillingAddress: true,
    isBillingContactSameAsContact: true,
    isPayingContactSameAsBillingContact: false,
    useHeadOfficeNameAndAddress: true,
    useDirectPaybillName: false,
    status: { label: 'Live', status: 'live' },
    platformFees: { currency: 'GBP', paymentMethod: 'BACS', feesSchedule: 14, acceptedBookingFee: 150, transactionFee: 25, reportingLicenceFee: 123450, merchantFee: 250 },
    creditLimit: { agreedCreditLimit: 500000, updatedBy: { lastUpdated: '2026-01-05T10:00:00.000Z', username: 'ops@harbour.example' } },
    config: { enableChatSupport: true, skipVehicleReturnConfirmation: false },
    exportConfig: { authorisedTransactionExport: true },
    linkedLeaseAccounts: [],
    moreLinkedLeaseAccounts: false,
    documentCount: 0,
    log: { createdTimestamp: '2025-01-01T00:00:00.000Z', createdByUser: null, modifiedTimestamp: '2026-01-05T10:00:00.000Z', modifiedByUser: null },
  };

  it('loads a saved group as a form: fees as masked text, the loaded fees kept as prevPlatformFees, missing blocks empty', () => {
    const form = toGroupForm(details);
    expect(form).toMatchObject({ id: 'grp-1', version: 3, status: 'live', enforceMfa: null, isPayingContactSameAsBillingContact: false });
    expect(form.platformFees).toEqual({
      currency: 'GBP',
      paymentMethod: 'BACS',
      feesSchedule: 14,
      acceptedBookingFee: { masked: '1.50', raw: 1.5, value: 150 },
      transactionFee: { masked: '0.25', raw: 0.25, value: 25 },
      reportingLicenceFee: { masked: '1,234.50', raw: 1234.5, value: 123450 },
      merchantFee: { masked: '2.50', raw: 2.5, value: 250 },
    });
    expect(form.prevPlatformFees).toEqual(details.platformFees);
    expect(form.creditLimit.agreedCreditLimit.masked).toBe('5,000.00');
    expect(form.payingAddress).toEqual(emptyGroupForm('UK').payingAddress);
    expect(form.billingContact).toEqual(emptyGroupForm('UK').billingContact);
    expect(issues('UK', form)).toEqual([]);
  });

  it('stores the form with the chains resolved: ticked children are their parent’s copy, down the chain', () => {
    const c = groupColumns(toGroupForm(details));
    const head = { number: '12', address1: 'Quay Street', address2: 'Redcliffe', address3: 'Bristol', county: 'Avon', postCode: 'BS14DJ' };
    expect({ number: c.addressNumber, address1: c.address1, address2: c.address2, address3: c.address3, county: c.county, postCode: c.postCode }).toEqual(head);
    expect(c.billingAddress).toEqual(head);
    expect(c.payingAddress).toEqual(head);
    expect(c.billingContact).toEqual(c.contact);
    expect(c.contact).toEqual({ title: 'Mr', firstName: 'Sam', lastName: "O'Neill", contactNumber1: '01171234567', faxNumber: null, email: 'office@harbour.example' });
    expect(c.payingContact).toEqual({ title: null, firstName: 'Alex', lastName: 'Byrne', contactNumber1: null, faxNumber: null, email: 'payments@harbour.example' });
    expect(c).toMatchObject({
      groupId: 'HMG-001',
      vatRegistrationNumber: 'GB123456789',
      enforceMfa: null,
      status: 'live',
      useHeadOfficeNameAndAddress: true,
      isBillingAddressSameAsAddress: true,
      isPayingContactSameAsBillingContact: false,
      platformFees: { currency: 'GBP', paymentMethod: 'BACS', feesSchedule: 14, acceptedBookingFee: 150, transactionFee: 25, reportingLicenceFee: 123450, merchantFee: 250 },
      agreedCreditLimit: 500000,
      config: { enableChatSupport: true, skipVehicleReturnConfirmation: false },
      exportConfig: { authorisedTransactionExport: true },
    });
  });

  it('stores typed values trimmed: postcode without spaces and upper-cased, phones without spaces, fees in minor units', () => {
    const form = structuredClone(valid('UK'));
    form.address.postcode = ' sw1a 1aa ';
    form.billingAddress.postcode = 'bs2 0by';
    form.address.address2 = '  ';
    form.contact.contactNumber1 = '0117 123 4567';
    form.contact.email = ' office@harbour.example ';
    form.name = '  Harbour Motor Group  ';
    form.platformFees.reportingLicenceFee = feeFromInput('1,234.50');
    form.platformFees.acceptedBookingFee = feeFromInput('0');
    form.platformFees.merchantFee = feeFromInput('100', 3);
    form.platformFees.paymentMethod = '';
    form.creditLimit.agreedCreditLimit = EMPTY_FEE;
    const c = groupColumns(form);
    expect(c.postCode).toBe('SW1A1AA');
    expect(c.billingAddress.postCode).toBe('BS20BY');
    expect(c.address2).toBeNull();
    expect(c.contact.contactNumber1).toBe('01171234567');
    expect(c.contact.email).toBe('office@harbour.example');
    expect(c.name).toBe('Harbour Motor Group');
    expect(c.platformFees).toEqual({ currency: 'GBP', paymentMethod: null, feesSchedule: 30, acceptedBookingFee: 0, transactionFee: 25, reportingLicenceFee: 123450, merchantFee: 10000 });
    expect(c.agreedCreditLimit).toBeNull();
    // Un-ticked children keep their own values.
    expect(c.payingAddress.postCode).toBe('BS12EQ');
    expect(c.payingContact.email).toBe('payments@harbour.example');
  });

  it('ticking after the form was typed: the stored child is the parent even when the form still holds other values, and the form is not changed', () => {
    const form = { ...structuredClone(valid('IE')), isBillingContactSameAsContact: true, isPayingContactSameAsBillingContact: true };
    const before = structuredClone(form);
    const c = groupColumns(form);
    expect(c.billingContact).toEqual(c.contact);
    expect(c.payingContact).toEqual(c.contact);
    expect(c.billingAddress.postCode).toBe('A65F4E2');
    expect(form).toEqual(before);
  });

  it('falls back to the locale’s currency and empty fees when the saved group has no platform fees', () => {
    const form = toGroupForm({ ...details, locale: 'en_IE', platformFees: null });
    expect(form.platformFees).toEqual({ currency: 'EURO', paymentMethod: '', feesSchedule: null, acceptedBookingFee: EMPTY_FEE, transactionFee: EMPTY_FEE, reportingLicenceFee: EMPTY_FEE, merchantFee: EMPTY_FEE });
    expect(form.prevPlatformFees).toBeNull();
  });
});
