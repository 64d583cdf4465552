import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  customerFormSchema,
  customerFieldLabel,
  emptyCustomerForm,
  feeFromInput,
  integrationFormSchema,
  retailerConfigSchema,
  toCustomerForm,
  toSaveInput,
  type Country,
  type CustomerForm,
  type CustomerSchemaOptions,
} from '../../domain/customers';
import { fieldErrors } from '../../server/rpc/errors';
import { fullForm } from '../fixtures/customerForms';

const NEW: CustomerSchemaOptions = { isNew: true, canEditFees: true };

function errors(country: Country, form: unknown, opts: CustomerSchemaOptions = NEW): Record<string, string> {
  const r = customerFormSchema(country, opts).safeParse(form);
  return r.success ? {} : fieldErrors(r.error.issues);
}

/** Sets a dotted path on a copy of the full valid form. */
function withValue(country: Country, path: string, value: unknown, change?: (f: CustomerForm) => void): CustomerForm {
  const f = fullForm(country);
  change?.(f);
  const keys = path.split('.');
  let o = f as unknown as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) o = o[k] as Record<string, unknown>;
  o[keys.at(-1)!] = value;
  return f;
}

const a = (n: number) => 'a'.repeat(n);
const email = (n: number) => `${a(n - '@example.com'.length)}@example.com`;

describe('the full forms are valid', () => {
  it.each(['UK', 'IE'] as const)('%s, new and edit, as form values and as the save payload', (country) => {
    const f = fullForm(country);
    expect(errors(country, f)).toEqual({});
    expect(errors(country, { ...f, id: 'x', version: 1 }, { isNew: false, canEditFees: true })).toEqual({});
    expect(errors(country, toSaveInput(f, country).customerDetails)).toEqual({});
  });
});

type Case = [string, unknown, string | undefined, ((f: CustomerForm) => void)?];

/** [path, value, expected message or undefined for none] per country. */
const both: Case[] = [
  // required
  ['customerName', '', 'Customer Name is required'],
  ['customerName', '   ', 'Customer Name is required'],
  ['companyRegistrationNumber', '', 'Company Registration Number is required'],
  ['vatNumber', '', 'VAT Number is required'],
  ['leaseDetails.accountManager', '', 'Account Manager is required'],
  ['address.number', '', 'Building Name/Number is required'],
  ['address.address1', '', 'Street Name is required'],
  ['address.address3', '', 'Town is required'],
  ['phoneNumber', '', 'Phone Number is required'],
  ['contactName', '', 'Contact Name is required'],
  ['email', '', 'Email is required'],
  ['customerType', '', 'Customer Type is required'],
  ['currency', '', 'Currency is required'],
  ['rateCardType', '', 'Rate Card Type is required', (f) => { f.config.emailInvoices.invoiceGroup = 'ALL_INVOICES'; }],
  // optional
  ['leaseDetails.accountNumber', '', undefined],
  ['address.address2', '', undefined],
  ['address.county', '', undefined],
  ['infoEmail', '', undefined],
  ['landLineNumber', '', undefined],
  ['whatsappNumber', '', undefined],
  ['billingRefId', '', undefined],
  ['fleetLevel', '', undefined],
  // max lengths at the boundary
  ['customerName', a(100), undefined],
  ['customerName', a(101), 'Customer Name is not valid'],
  ['leaseDetails.accountManager', a(50), undefined],
  ['leaseDetails.accountManager', a(51), 'Account Manager is not valid'],
  ['leaseDetails.accountNumber', 'A'.repeat(20), undefined],
  ['leaseDetails.accountNumber', 'A'.repeat(21), 'Account Number is not valid'],
  ['address.number', a(50), undefined],
  ['address.number', a(51), 'Building Name/Number is not valid'],
  ['address.county', a(50), undefined],
  ['address.county', a(51), 'County is not valid'],
  ['contactName', a(50), undefined],
  ['contactName', a(51), 'Contact Name is not valid'],
  ['email', email(50), undefined],
  ['email', email(51), 'Email is not valid'],
  ['infoEmail', email(50), undefined],
  ['infoEmail', email(51), 'Info Email is not valid'],
  ['companyRegistrationNumber', '1'.repeat(21), 'Company Registration Number is not valid'],
  ['companyRegistrationNumber', '1'.repeat(20), 'Company Registration Number is not valid'],
  ['customerNameForDirectPaybill', a(100), undefined],
  ['customerNameForDirectPaybill', a(101), 'Customer Name for Direct Paybill is not valid'],
  ['whatsappNumber', '0'.repeat(51), 'WhatsApp Number is not valid'],
  // patterns
  ['customerName', '<script>', 'Customer Name is not valid'],
  ['contactName', 'R2D2', 'Contact Name is not valid'],
  ['email', 'not-an-email', 'Email is not valid'],
  ['infoEmail', 'info@', 'Info Email is not valid'],
  ['companyRegistrationNumber', 'X1', 'Company Registration Number is not valid'],
  ['phoneNumber', '12345678', 'Phone Number is not valid'],
  ['whatsappNumber', 'call me', 'WhatsApp Number is not valid'],
  ['customerType', 'RETAIL', 'Customer Type is not valid'],
  ['fleetLevel', 'HUGE', 'Fleet Level is not valid'],
  // direct-paybill name and accounting category follow the rate card type
  ['customerNameForDirectPaybill', '', 'Customer Name for Direct Paybill is required'],
  ['customerNameForDirectPaybill', '', undefined, (f) => { f.rateCardType = 'VISN'; f.config.emailInvoices.invoiceGroup = 'ALL_INVOICES'; }],
  ['customerNameForDirectPaybill', '', 'Customer Name for Direct Paybill is required', (f) => { f.rateCardType = 'VISN_NETWORK_OFFERING_SAVI'; }],
  ['categoryId', '', 'Accounting Category is required'],
  ['categoryId', '', undefined, (f) => { f.rateCardType = 'COST_TYPE_1'; f.config.emailInvoices.invoiceGroup = 'ALL_INVOICES'; }],
  // supplier proximity
  ['supplierProximity', '', 'Max Supplier Proximity is required'],
  ['supplierProximity', null, 'Max Supplier Proximity is required'],
  ['supplierProximity', -1, 'Max Supplier Proximity value should be greater than 0'],
  ['supplierProximity', 100, 'Max Supplier Proximity value should be less than 99'],
  ['supplierProximity', 0, undefined],
  ['supplierProximity', 99, undefined],
  ['supplierProximity', '42', undefined],
  ['supplierProximity', 'ten', 'Max Supplier Proximity is not valid'],
  ['maxSubCustomerAssignmentsAllowed', 7, 'Number of allowed assignments is not valid'],
  ['maxSubCustomerAssignmentsAllowed', 1000, undefined],
  // customer info
  ['config.customerInfo.title', '', 'Title is required'],
  ['config.customerInfo.title', a(75), undefined],
  ['config.customerInfo.title', a(76), 'Title is not valid'],
  ['config.customerInfo.description', '', 'Description is required'],
  ['config.customerInfo.title', '', undefined, (f) => { f.config.customerInfo.isEnabled = false; }],
  ['config.customerInfo.description', null, undefined, (f) => { f.config.customerInfo.isEnabled = false; }],
  ['config.customerInfo.url', 'ftp://files.example.com', 'URL is not valid'],
  ['config.customerInfo.url', 'not a url', 'URL is not valid', (f) => { f.config.customerInfo.isEnabled = false; }],
  ['config.customerInfo.url', '', undefined],
  ['config.customerInfo.phoneNumber', 'abc', 'Phone number is not valid'],
  ['config.customerInfo.phoneNumber', '', undefined],
  // email invoices
  ['config.emailInvoices.recipientEmailId', '', 'Recipient email id is required'],
  ['config.emailInvoices.recipientEmailId', 'invoices', 'Recipient Email is not valid'],
  ['config.emailInvoices.recipientEmailId', '', undefined, (f) => { f.config.emailInvoices.isEnabled = false; }],
  ['config.emailInvoices.invoiceGroup', 'DIRECT_PAYBILL_INVOICES', 'This option is not applicable for selected Rate card type', (f) => { f.rateCardType = 'VISN'; }],
  ['config.emailInvoices.invoiceGroup', 'DIRECT_PAYBILL_INVOICES', 'This option is not applicable for selected Rate card type', (f) => { f.rateCardType = 'VISN_WITH_DI_NETWORK'; }],
  ['config.emailInvoices.invoiceGroup', 'DIRECT_PAYBILL_INVOICES', undefined, (f) => { f.rateCardType = 'VISN_NETWORK_OFFERING_SAVI'; }],
  ['config.emailInvoices.invoiceGroup', 'DIRECT_PAYBILL_INVOICES', undefined],
  ['config.emailInvoices.invoiceGroup', 'DIRECT_PAYBILL_INVOICES', undefined, (f) => { f.rateCardType = 'VISN'; f.config.emailInvoices.isEnabled = false; }],
  ['config.emailInvoices.invoiceGroup', 'ALL_INVOICES', undefined, (f) => { f.rateCardType = 'VISN'; }],
  // web link
  ['config.webLink.serviceTypes', [], 'Service type is required'],
  ['config.webLink.vehicleMaintenanceTypes', [], 'Vehicle Maintenance type is required'],
  ['config.webLink.serviceTypes', [], undefined, (f) => { f.config.webLink.isEnabled = false; }],
  ['config.webLink.vehicleMaintenanceTypes', [], undefined, (f) => { f.config.webLink.isEnabled = false; }],
  ['config.webLink.privacyPolicyUrl', 'www example com', 'URL is not valid'],
  ['config.webLink.privacyPolicyUrl', '', undefined],
  ['config.webLink.instructions', a(500), undefined],
  ['config.webLink.instructions', a(501), 'Instructions is not valid'],
  ['config.enquiryProgress.progressEmail', 'nope', 'Progress Email is not valid'],
  // webhooks
  ['webhooks.authorizationUrl', '', 'Please enter a valid URL'],
  ['webhooks.authorizationUrl', 'token', 'Please enter a valid URL'],
  ['webhooks.authorizationUrl', '', undefined, (f) => { f.webhooks.enabled = false; f.webhooks.topics.forEach((t) => (t.enabled = false)); }],
  ['webhooks.authorizationUrl', 'token', 'Please enter a valid URL', (f) => { f.webhooks.enabled = false; }],
  ['webhooks.topics.0.url', '', 'Please enter a valid URL'],
  ['webhooks.topics.0.url', 'hooks', 'Please enter a valid URL'],
  ['webhooks.topics.1.url', '', undefined],
  ['webhooks.topics.1.url', 'https://api.example.com/vor', undefined],
  ['webhooks.topics.0.url', '', undefined, (f) => { f.webhooks.enabled = false; }],
  // platform fees
  ['platformFees.bookingFee', feeFromInput(''), 'Booking Fee is required'],
  ['platformFees.monthlyVehicleFee', feeFromInput(''), 'Monthly Vehicle Fee is required'],
  ['platformFees.transactionFee', feeFromInput(''), 'Transaction Fee is required'],
  ['platformFees.licenceFee', feeFromInput(''), 'Licence Fee is required'],
  ['platformFees.manualVorFee', feeFromInput(''), 'Manual VOR Fee is required'],
  ['platformFees.reportingLicenceFee', feeFromInput(''), 'Reporting Licence Fee is required'],
  ['platformFees.driverLicencePricePerCheck', feeFromInput(''), 'Driver Licence - Price Per Check fee is required'],
  ['platformFees.licenceCheckPerDriverPerMonth', feeFromInput(''), 'Licence Check - per driver per month Fee is required'],
  ['platformFees.bookingFee', feeFromInput('0'), undefined],
  ['platformFees.bookingFee', { masked: '', raw: -1, value: -100 }, 'Booking Fee is not valid'],
  ['platformFees.bookingFee', { raw: 1.234, value: 123 }, 'Booking Fee is not valid'],
  ['platformFees.bookingFee', { raw: 1_000_000, value: 100_000_000 }, 'Booking Fee is not valid'],
  ['platformFees.bookingFee', { raw: 12.5, value: 1249 }, 'Booking Fee is not valid'],
  ['platformFees.bookingFee', { raw: 999_999.99, value: 99_999_999 }, undefined],
  ['platformFees.monthlyWhatsAppFee', feeFromInput(''), 'Monthly WhatsApp Fee is required'],
  ['platformFees.monthlyWhatsAppFee', feeFromInput(''), undefined, (f) => { f.config.downTimeQueue.downTimeActions.forEach((x) => (x.enabled = x.type !== 'WHATSAPP')); }],
  ['platformFees.monthlyWhatsAppFee', feeFromInput(''), undefined, (f) => { f.config.downTimeQueue.isEnabled = false; }],
  ['platformFees.platformFeeAssignee', '', 'Selection of Apply Platform Fee to is required'],
  ['platformFees.paymentMethod', '', 'Payment Method is required'],
  ['platformFees.feesSchedule', null, 'Fees Schedule is required'],
  ['platformFees.feesSchedule', 61, 'Fees Schedule is not valid'],
  ['platformFees.feesSchedule', 60, undefined],
];

const uk: Case[] = [
  ['address.postCode', '', 'Postcode is required'],
  ['address.postCode', 'D02X285', 'Postcode is not valid'],
  ['address.postCode', 'sw1a 1aa', undefined],
  ['address.postCode', 'SW1A1AA', undefined],
  ['address.postCode', 'SW1A1AAXXXX', 'Postcode is not valid'],
  ['vatNumber', '1'.repeat(20), 'VAT Number is not valid'],
  ['vatNumber', '1'.repeat(21), 'VAT Number is not valid'],
  ['vatNumber', 'GB123456789', 'VAT Number is not valid'],
  ['phoneNumber', '0'.repeat(20), 'Phone Number is not valid'],
  ['phoneNumber', '0'.repeat(21), 'Phone Number is not valid'],
  ['phoneNumber', '020 7946 0000', undefined],
  ['mobileNumber', '', 'Mobile Number is required'],
  ['mobileNumber', '01914960000', 'Mobile Number is not valid'],
  ['mobileNumber', '0'.repeat(51), 'Mobile Number is not valid'],
  ['landLineNumber', '0'.repeat(12), 'Landline Number is not valid'],
  ['landLineNumber', '0'.repeat(13), 'Landline Number is not valid'],
  ['config.customerInfo.phoneNumber', '0191 496 0000', undefined],
];

const ie: Case[] = [
  ['address.postCode', '', 'Eircode is required'],
  ['address.postCode', 'SW1A1AA', 'Eircode is not valid'],
  ['address.postCode', 'D02 X285', undefined],
  ['address.postCode', 'D02X2855', 'Eircode is not valid'],
  ['vatNumber', 'IE1234567T', undefined],
  ['vatNumber', 'IE1234567TW', 'VAT Number is not valid'],
  ['vatNumber', 'IE1234567A', 'VAT Number is not valid'],
  ['phoneNumber', '01234', 'Phone Number is not valid'],
  ['phoneNumber', '012345', 'Phone Number is not valid'],
  ['phoneNumber', '+353871234567', undefined],
  ['phoneNumber', '+3538712345678', 'Phone Number is not valid'],
  ['mobileNumber', '', undefined],
  ['mobileNumber', '0871234567', undefined],
  ['mobileNumber', '08712345678', 'Mobile Number is not valid'],
  ['mobileNumber', '0214960000', 'Mobile Number is not valid'],
  ['landLineNumber', '+353214960000', undefined],
  ['landLineNumber', '+3532149600001', 'Landline Number is not valid'],
  ['config.customerInfo.phoneNumber', '12345', 'Phone number is not valid'],
  ['config.customerInfo.phoneNumber', '+3538712345678', 'Phone number is not valid'],
  ['config.customerInfo.phoneNumber', '0871234567', undefined],
];

describe.each([
  ['UK', [...both, ...uk]],
  ['IE', [...both, ...ie]],
] as const)('%s form rules', (country, cases) => {
  it.each(cases as Case[])('%s = %j → %s', (path, value, message, change) => {
    const errs = errors(country, withValue(country, path, value, change));
    const key = path.startsWith('platformFees.') ? path.split('.').slice(0, 2).join('.') : path;
    expect(errs[key]).toBe(message);
    // One rule at a time: nothing else complains.
    expect(Object.keys(errs).filter((k) => k !== key)).toEqual([]);
  });
});

describe('options', () => {
  it('requires Apply Platform Fee to only on create', () => {
    const f = withValue('UK', 'platformFees.platformFeeAssignee', '');
    expect(errors('UK', f, { isNew: true, canEditFees: true })).toEqual({ 'platformFees.platformFeeAssignee': 'Selection of Apply Platform Fee to is required' });
    expect(errors('UK', f, { isNew: false, canEditFees: true })).toEqual({});
  });

  it('leaves the fee section alone when the caller does not edit fees', () => {
    const f = fullForm('UK');
    (f as unknown as { platformFees: unknown }).platformFees = { bookingFee: 'whatever' };
    expect(errors('UK', f, { isNew: true, canEditFees: false })).toEqual({});
    expect(errors('UK', toSaveInput(fullForm('UK'), 'UK', { canEditFees: false }).customerDetails, { isNew: true, canEditFees: false })).toEqual({});
  });

  it('checks the locale against the country', () => {
    expect(errors('IE', fullForm('UK'))).toMatchObject({ locale: 'Locale is not valid' });
  });

  it('gives every required message of an empty form at once', () => {
    const errs = errors('IE', emptyCustomerForm('IE'));
    expect(errs['address.postCode']).toBe('Eircode is required');
    expect(Object.keys(errs)).toEqual(expect.arrayContaining(['customerName', 'customerType', 'rateCardType', 'email', 'platformFees.bookingFee', 'platformFees.platformFeeAssignee']));
  });

  it('labels the postcode by country', () => {
    expect(customerFieldLabel('address.postCode', 'UK')).toBe('Postcode');
    expect(customerFieldLabel('address.postCode', 'IE')).toBe('Eircode');
  });
});

describe('integration and retailer forms', () => {
  it.each([
    ['type', 'Type is required'],
    ['typeLabel', 'Type label is required'],
    ['source', 'Source is required'],
    ['sourceLabel', 'Source label is required'],
  ])('%s empty → %s', (key, message) => {
    const valid = { type: 'LABOUR_TIME', typeLabel: 'Labour time', source: 'VEHICLE_DATA_PROVIDER', sourceLabel: 'Vehicle data provider' };
    expect(integrationFormSchema.safeParse(valid).success).toBe(true);
    const r = integrationFormSchema.safeParse({ ...valid, [key]: ' ' });
    expect(r.success ? {} : fieldErrors(r.error.issues)).toEqual({ [key]: message });
  });

  it('asks for the retailer customer name and mapping id', () => {
    const r = retailerConfigSchema.safeParse({ custCust: '', mappingId: '' });
    expect(r.success ? {} : fieldErrors(r.error.issues)).toEqual({ custCust: 'Customer name is required', mappingId: 'Mapping ID is required' });
  });
});

describe('defaults and conversions', () => {
  it('starts a new form with the spec defaults', () => {
    const f = emptyCustomerForm('IE');
    expect(f).toMatchObject({ id: null, locale: 'en_IE', currency: 'EURO', supplierProximity: 10, maxSubCustomerAssignmentsAllowed: 5, platformFees: { currency: 'EURO' } });
    expect(f.config.enquiryAppointmentDates.days).toBe(0);
    expect(f.config.vehicleTerminationDays).toBe(0);
    expect(f.config.webLink.webLinkNetworkPolicy).toBe('NONE');
    expect(f.webhooks.topics.map((t) => t.type)).toEqual(['ENQUIRY_UPDATES', 'VOR_UPDATES']);
    expect(emptyCustomerForm('UK')).toMatchObject({ locale: 'en_GB', currency: 'GBP' });
  });

  it('sends fees in raw and minor units, isNew, and on edit the version, the id and the previous fees', () => {
    const f = fullForm('UK');
    const create = toSaveInput(f, 'UK');
    expect(create.leaseCompanyId).toBeUndefined();
    expect(create.customerDetails).toMatchObject({ isNew: true, platformFees: { bookingFee: { raw: 12.5, value: 1250 }, driverLicencePricePerCheck: { raw: 1.15, value: 115 } } });
    expect(create.customerDetails).not.toHaveProperty('prevPlatformFees');
    const prev = { currency: 'GBP', paymentMethod: 'BACS', feesSchedule: 7, platformFeeAssignee: 'CUSTOMER', bookingFee: 1 } as never;
    const edit = toSaveInput({ ...f, id: 'abc', version: 4, prevPlatformFees: prev }, 'UK');
    expect(edit).toMatchObject({ leaseCompanyId: 'abc', customerDetails: { isNew: false, version: 4, prevPlatformFees: prev } });
    expect(toSaveInput(f, 'UK', { canEditFees: false }).customerDetails).not.toHaveProperty('platformFees');
  });

  it('normalises what it sends: trimmed text, compact postcode, phone digits', () => {
    const f = fullForm('UK');
    f.customerName = '  Northern Fleet  ';
    f.address.postCode = ' ne1 2bh ';
    f.phoneNumber = '0191 496-0000';
    const d = toSaveInput(f, 'UK').customerDetails;
    expect([d.customerName, d.address.postCode, d.phoneNumber]).toEqual(['Northern Fleet', 'NE12BH', '01914960000']);
  });

  it('fills a details record missing config blocks with defaults', () => {
    const f = toCustomerForm({
      id: 'x', version: 1, status: 'ACTIVE', diCustomerId: 'C01001', name: 'X', locale: 'en_GB', customerType: 'DIRECT',
      address: { number: null, address1: null, address2: null, address3: null, county: null, postCode: null },
      rateCardType: { type: 'VISN', label: 'ViSN' }, fleetLevel: null, currency: { label: 'GBP', value: 'GBP' },
      config: {} as never, webhooks: null as never, platformFees: null, leaseDetails: { accountManager: null, accountNumber: null },
      exportsSettings: { invoiceSupplementFileEnabled: false }, supplierProximity: 10, maxSubCustomerAssignmentsAllowed: 5,
    } as never);
    expect(f.config.menuOptions.menuItems).toHaveLength(6);
    expect(f.webhooks.topics).toHaveLength(2);
    expect(f.platformFees.bookingFee).toEqual({ masked: '', raw: null, value: null });
  });
});

describe('properties', () => {
  it('never throws on any input', () => {
    const schemas = [
      customerFormSchema('UK', NEW),
      customerFormSchema('IE', NEW),
      customerFormSchema('UK', { isNew: false, canEditFees: false }),
    ];
    fc.assert(
      fc.property(fc.anything(), (v) => {
        for (const s of schemas) s.safeParse(v);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on valid forms with any field replaced by anything', () => {
    const paths = ['customerName', 'address', 'address.postCode', 'supplierProximity', 'config', 'config.webLink', 'config.customerInfo', 'webhooks', 'webhooks.topics', 'platformFees', 'platformFees.bookingFee', 'config.downTimeQueue'];
    fc.assert(
      fc.property(fc.constantFrom('UK', 'IE'), fc.constantFrom(...paths), fc.anything(), (country, path, value) => {
        customerFormSchema(country as Country, NEW).safeParse(withValue(country as Country, path, value));
      }),
      { numRuns: 400 },
    );
  });
});
