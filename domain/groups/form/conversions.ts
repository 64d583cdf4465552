import type { Address, Contact, Minor } from '../../common';
import { feeFromMinor, maskedToMinor } from '../../fees';
import type { GroupAddress, GroupContact, GroupDetails } from '../details';
import type { GroupPlatformFees } from '../enums';
import { resolveSameAs } from '../sameAs';
import { emptyGroupAddress, emptyGroupContact } from './defaults';
import { GROUP_FEE_KEYS, type GroupAddressForm, type GroupContactForm, type GroupForm } from './values';
import { storedAddress, storedContact } from '../../storedBlocks';

const s = (v: string | null | undefined) => v ?? '';
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

const addressForm = (a: GroupAddress | null | undefined): GroupAddressForm =>
  a ? { number: s(a.number), address1: s(a.address1), address2: s(a.address2), address3: s(a.address3), county: s(a.county), postcode: s(a.postcode) } : emptyGroupAddress();
const contactForm = (c: GroupContact | null | undefined): GroupContactForm =>
  c ? { title: s(c.title), firstName: s(c.firstName), lastName: s(c.lastName), contactNumber1: s(c.contactNumber1), faxNumber: s(c.faxNumber), email: s(c.email) } : emptyGroupContact();

/** The form for a saved group: fees as masked text, the fees as loaded kept as prevPlatformFees. */
export function toGroupForm(d: GroupDetails): GroupForm {
  const fees = d.platformFees;
  return {
    id: d.id,
    version: d.version,
    locale: d.locale,
    groupId: d.groupId,
    name: d.name,
    companyRegistrationNumber: s(d.companyRegistrationNumber),
    vatRegistrationNumber: s(d.vatRegistrationNumber),
    visnAccountNumber: s(d.visnAccountNumber),
    enforceMfa: d.enforceMfa,
    address: addressForm(d.address),
    billingAddress: addressForm(d.billingAddress),
    payingAddress: addressForm(d.payingAddress),
    contact: contactForm(d.contact),
    billingContact: contactForm(d.billingContact),
    payingContact: contactForm(d.payingContact),
    isBillingAddressSameAsAddress: d.isBillingAddressSameAsAddress,
    isPayingAddressSameAsBillingAddress: d.isPayingAddressSameAsBillingAddress,
    isBillingContactSameAsContact: d.isBillingContactSameAsContact,
    isPayingContactSameAsBillingContact: d.isPayingContactSameAsBillingContact,
    useHeadOfficeNameAndAddress: d.useHeadOfficeNameAndAddress,
    useDirectPaybillName: d.useDirectPaybillName,
    status: 'live',
    platformFees: {
      currency: fees?.currency ?? (d.locale === 'en_IE' ? 'EURO' : 'GBP'),
      paymentMethod: fees?.paymentMethod ?? '',
      feesSchedule: fees?.feesSchedule ?? null,
      acceptedBookingFee: feeFromMinor(fees?.acceptedBookingFee),
      transactionFee: feeFromMinor(fees?.transactionFee),
      reportingLicenceFee: feeFromMinor(fees?.reportingLicenceFee),
      merchantFee: feeFromMinor(fees?.merchantFee),
    },
    prevPlatformFees: fees,
    creditLimit: { agreedCreditLimit: feeFromMinor(d.creditLimit.agreedCreditLimit), updatedBy: d.creditLimit.updatedBy },
    config: { ...d.config },
    exportConfig: { ...d.exportConfig },
  };
}


/** The stored columns of a checked form: the chains resolved (a ticked block is its parent's copy), text trimmed, money in minor units. */
export function groupColumns(checked: GroupForm) {
  const form = resolveSameAs<GroupAddressForm, GroupContactForm, GroupForm>(checked);
  const head = storedAddress({ ...form.address, postCode: form.address.postcode });
  const fees = form.platformFees;
  const platformFees: GroupPlatformFees = {
    currency: fees.currency as GroupPlatformFees['currency'],
    paymentMethod: fees.paymentMethod || null,
    feesSchedule: fees.feesSchedule!,
    ...(Object.fromEntries(GROUP_FEE_KEYS.map((k) => [k, maskedToMinor(fees[k].masked) ?? 0])) as Record<(typeof GROUP_FEE_KEYS)[number], Minor>),
  };
  return {
    groupId: trimmed(form.groupId),
    name: trimmed(form.name),
    companyRegistrationNumber: trimmed(form.companyRegistrationNumber),
    vatRegistrationNumber: trimmed(form.vatRegistrationNumber).toUpperCase(),
    visnAccountNumber: trimmed(form.visnAccountNumber),
    enforceMfa: typeof form.enforceMfa === 'boolean' ? form.enforceMfa : null,
    addressNumber: head.number,
    address1: head.address1,
    address2: head.address2 ?? null,
    address3: head.address3,
    county: head.county ?? null,
    postCode: head.postCode,
    billingAddress: storedAddress({ ...form.billingAddress, postCode: form.billingAddress.postcode }),
    payingAddress: storedAddress({ ...form.payingAddress, postCode: form.payingAddress.postcode }),
    contact: storedContact(form.contact),
    billingContact: storedContact(form.billingContact),
    payingContact: storedContact(form.payingContact),
    isBillingAddressSameAsAddress: Boolean(form.isBillingAddressSameAsAddress),
    isPayingAddressSameAsBillingAddress: Boolean(form.isPayingAddressSameAsBillingAddress),
    isBillingContactSameAsContact: Boolean(form.isBillingContactSameAsContact),
    isPayingContactSameAsBillingContact: Boolean(form.isPayingContactSameAsBillingContact),
    useHeadOfficeNameAndAddress: Boolean(form.useHeadOfficeNameAndAddress),
    useDirectPaybillName: Boolean(form.useDirectPaybillName),
    status: 'live' as const,
    platformFees,
    agreedCreditLimit: maskedToMinor(form.creditLimit?.agreedCreditLimit?.masked ?? ''),
    config: { enableChatSupport: Boolean(form.config?.enableChatSupport), skipVehicleReturnConfirmation: Boolean(form.config?.skipVehicleReturnConfirmation) },
    exportConfig: { authorisedTransactionExport: Boolean(form.exportConfig?.authorisedTransactionExport) },
  };
}
export type GroupColumns = ReturnType<typeof groupColumns>;

/** A stored address or contact as the details record shows it. */
export const detailsAddress = (a: Address | null | undefined): GroupAddress | null =>
  a ? { number: a.number ?? null, address1: a.address1 ?? null, address2: a.address2 ?? null, address3: a.address3 ?? null, county: a.county ?? null, postcode: a.postCode ?? null } : null;
export const detailsContact = (c: Contact | null | undefined): GroupContact | null =>
  c ? { title: c.title ?? null, firstName: c.firstName ?? null, lastName: c.lastName ?? null, contactNumber1: c.contactNumber1 ?? null, faxNumber: c.faxNumber ?? null, email: c.email ?? null } : null;
