import { DEFAULT_OPENING_HOURS, type Locale } from '../../common';
import { isEircode, normalizePostcode } from '../../formats';
import { SUPPLEMENTARY_SERVICES } from '../../suppliers/enums';
import type { SupplierForm } from '../../suppliers/form/values';
import type { RegistrationAddress, RegistrationDetails } from '../details';
import type { RegistrationContact } from '../enums';
import type { ApprovalAddress, ApprovalContact, ApprovalForm, ApprovedSupplier, PersonContact } from './values';
import { storedAddress, storedContact } from '../../storedBlocks';

const s = (v: string | null | undefined) => v ?? '';
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** A registration's country, from its postcode (spec 2 §3.7 carries no locale): an Eircode is Irish. */
export const registrationLocale = (postcode: string | null | undefined): Locale => (isEircode(normalizePostcode(postcode ?? '')) ? 'en_IE' : 'en_GB');

const addressOf = (a: RegistrationAddress | null | undefined): ApprovalAddress => ({
  number: s(a?.number),
  address1: s(a?.address1),
  address2: s(a?.address2),
  address3: s(a?.address3),
  county: s(a?.county),
  postCode: s(a?.postcode),
});
const contactOf = (c: RegistrationContact | null | undefined): ApprovalContact => ({
  title: s(c?.title),
  firstName: s(c?.firstName),
  lastName: s(c?.lastName),
  contactNumber1: s(c?.phoneNumber),
  bookingPhoneNumber: s(c?.bookingPhoneNumber),
  faxNumber: s(c?.faxNumber),
  email: s(c?.email),
});
const noPerson = (): PersonContact => ({ name: '', phoneNumber: '', email: '' });

/** The billing blocks as the applicant saved them: what un-ticking a same-as toggle restores. */
export function savedBilling(d: RegistrationDetails): { address: ApprovalAddress; contact: ApprovalContact } {
  return { address: addressOf(d.billingDetails.address), contact: contactOf(d.billingDetails.contactDetails) };
}

/** The form prefilled from the registration (spec 2 §2.3): company, contacts, hours and services as submitted. */
export function toApprovalForm(d: RegistrationDetails): ApprovalForm {
  const company = addressOf(d.companyDetails.address);
  const contact = contactOf(d.companyDetails.contactDetails);
  const billing = savedBilling(d);
  const sameAddress = d.billingDetails.address?.isSameHeadOfficeAddress ?? !d.billingDetails.address;
  const sameContact = d.billingDetails.contactDetails?.isSameHeadOfficeContactDetails ?? !d.billingDetails.contactDetails;
  return {
    supplierId: '',
    companyName: d.companyDetails.name,
    companyRegistrationNumber: s(d.companyDetails.regNumber),
    vatRegistrationNumber: s(d.companyDetails.VATNumber),
    address: company,
    billingAddress: sameAddress ? { ...company } : billing.address,
    isBillingAddressSameAsAddress: sameAddress,
    contact,
    billingContact: sameContact ? { ...contact } : billing.contact,
    isBillingContactSameAsContact: sameContact,
    openingHours: structuredClone(d.companyDetails.openingHours ?? DEFAULT_OPENING_HOURS),
    servingRadius: { radius: '', mobileRadius: '0' },
    independent: false,
    franchise: false,
    manufacturers: [],
    services: d.services.filter((x) => x.isEnabled).map((x) => x.type),
    vehicleTypes: [],
    ancillaries: [],
    supplementaryServices: [],
    facilities: [],
    directorContact: noPerson(),
    afterSalesContact: noPerson(),
    financeContact: noPerson(),
  };
}

/**
 * A billing same-as toggle (spec 2 §4 "Approval form"): on copies the company's block (the inputs
 * are then disabled), off restores the billing values the applicant saved.
 */
export function billingToggle(form: ApprovalForm, which: 'address' | 'contact', on: boolean, saved: { address: ApprovalAddress; contact: ApprovalContact }): Partial<ApprovalForm> {
  if (which === 'address') return { isBillingAddressSameAsAddress: on, billingAddress: on ? { ...form.address } : { ...saved.address } };
  return { isBillingContactSameAsContact: on, billingContact: on ? { ...form.contact } : { ...saved.contact } };
}

/**
 * The supplier form the approved values amount to, so the new supplier is stored by the supplier
 * area's own mapper (supplierColumns): mandatory tyre readings on, the optional services offered
 * without lead times, no restrictions or specialist services yet.
 */
export function approvalAsSupplierForm(f: ApprovalForm, locale: Locale): SupplierForm {
  return {
    id: null,
    version: null,
    locale,
    accountObjectId: '',
    groupId: '',
    groupName: '',
    supplierId: f.supplierId,
    name: f.companyName,
    companyRegistrationNumber: f.companyRegistrationNumber,
    vatRegistrationNumber: f.vatRegistrationNumber,
    address: { number: f.address.number, address1: f.address.address1, address2: f.address.address2, address3: f.address.address3, county: f.address.county, postcode: f.address.postCode },
    contact: { primaryPhoneNumber: f.contact.contactNumber1, bookingPhoneNumber: f.contact.bookingPhoneNumber, faxNumber: f.contact.faxNumber, email: f.contact.email },
    openingHours: f.openingHours,
    mandatoryTyreReadings: true,
    useHeadOfficeNameAndAddress: false,
    servingRadius: { radius: f.servingRadius.radius, mobileRadius: f.servingRadius.mobileRadius || '0' },
    vehicleTypes: f.vehicleTypes,
    specialistServices: [],
    services: f.services,
    restrictions: { maxHeight: '', maxLength: '', maxWeight: '' },
    supplementaryServices: SUPPLEMENTARY_SERVICES.map((x) => ({ type: x.key, isOffered: f.supplementaryServices.includes(x.key), leadTime: '', radius: '', notes: '' })),
    // Wash & Vac is an optional service kept among the facilities (spec 2 §3.1): either tick offers it.
    facilities: f.supplementaryServices.includes('WASH_AND_VAC') && !f.facilities.includes('WASH_AND_VAC') ? [...f.facilities, 'WASH_AND_VAC'] : f.facilities,
    accountSystemReference: '',
  };
}


/**
 * The group an approved supplier starts in (ours: the registration names none): the company as
 * its head office, the billing blocks as approved, created by e-registration.
 */
export function approvalGroupColumns(f: ApprovalForm) {
  const head = storedAddress(f.address);
  const billingAddress = f.isBillingAddressSameAsAddress ? head : storedAddress(f.billingAddress);
  const contact = storedContact(f.contact);
  const billingContact = f.isBillingContactSameAsContact ? contact : storedContact(f.billingContact);
  return {
    name: trimmed(f.companyName),
    companyRegistrationNumber: trimmed(f.companyRegistrationNumber),
    vatRegistrationNumber: trimmed(f.vatRegistrationNumber).toUpperCase(),
    addressNumber: head.number,
    address1: head.address1,
    address2: head.address2 ?? null,
    address3: head.address3,
    county: head.county ?? null,
    postCode: head.postCode,
    billingAddress,
    payingAddress: billingAddress,
    contact,
    billingContact,
    payingContact: billingContact,
    isBillingAddressSameAsAddress: f.isBillingAddressSameAsAddress,
    isPayingAddressSameAsBillingAddress: true,
    isBillingContactSameAsContact: f.isBillingContactSameAsContact,
    isPayingContactSameAsBillingContact: true,
    supplierCreationType: 'E_REGISTRATION',
  };
}

const APPROVAL_KEYS = [
  'supplierId', 'companyName', 'companyRegistrationNumber', 'vatRegistrationNumber', 'address', 'billingAddress', 'isBillingAddressSameAsAddress',
  'contact', 'billingContact', 'isBillingContactSameAsContact', 'openingHours', 'servingRadius', 'independent', 'franchise', 'manufacturers',
  'services', 'vehicleTypes', 'ancillaries', 'supplementaryServices', 'facilities', 'directorContact', 'afterSalesContact', 'financeContact',
] as const satisfies readonly (keyof ApprovalForm)[];

/** What is kept with the registration once approved: the form's own fields only (a caller's extras are dropped). */
export function approvedPayload(form: ApprovalForm): ApprovedSupplier {
  const kept = Object.fromEntries(APPROVAL_KEYS.map((k) => [k, form[k]])) as unknown as ApprovalForm;
  return { ...kept, status: 'APPROVED', unitStatus: { label: 'Live', status: 'live' }, featureFlags: { mandatoryTyreReadings: true } };
}
