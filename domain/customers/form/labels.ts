/** The customer form's field labels and messages, verbatim from spec 1 §5, per country. */
import { type Country } from '../../country';

/**
 * The label of every validated field, by form path, as the form shows it and as messages name it
 * ('{Label} is required', '{Label} is not valid'). The postcode is 'Postcode' in the UK form and
 * 'Eircode' in the Irish form: use customerFieldLabel.
 */
export const CUSTOMER_FIELD_LABELS = {
  customerName: 'Customer Name',
  companyRegistrationNumber: 'Company Registration Number',
  vatNumber: 'VAT Number',
  customerType: 'Customer Type',
  rateCardType: 'Rate Card Type',
  fleetLevel: 'Fleet Level',
  currency: 'Currency',
  billingRefId: 'Billing Ref ID',
  categoryId: 'Accounting Category',
  customerNameForDirectPaybill: 'Customer Name for Direct Paybill',
  'leaseDetails.accountManager': 'Account Manager',
  'leaseDetails.accountNumber': 'Account Number',
  'address.number': 'Building Name/Number',
  'address.address1': 'Street Name',
  'address.address2': 'District',
  'address.address3': 'Town',
  'address.county': 'County',
  'address.postCode': 'Postcode',
  phoneNumber: 'Phone Number',
  contactName: 'Contact Name',
  mobileNumber: 'Mobile Number',
  email: 'Email',
  infoEmail: 'Info Email',
  landLineNumber: 'Landline Number',
  whatsappNumber: 'WhatsApp Number',
  supplierProximity: 'Max Supplier Proximity',
  maxSubCustomerAssignmentsAllowed: 'Number of allowed assignments',
  'config.enquiryAppointmentDates.days': 'Enquiry Appointment Days',
  'config.enquiryProgress.progressEmail': 'Progress Email',
  'config.vehicleTerminationDays': 'Delay Vehicle Termination',
  'config.customerInfo.title': 'Title',
  'config.customerInfo.description': 'Description',
  'config.customerInfo.url': 'URL',
  'config.customerInfo.phoneNumber': 'Phone number',
  'config.emailInvoices.recipientEmailId': 'Recipient Email',
  'config.emailInvoices.invoiceGroup': 'Invoice Group',
  'config.webLink.instructions': 'Instructions',
  'config.webLink.serviceTypes': 'Service type',
  'config.webLink.vehicleMaintenanceTypes': 'Vehicle Maintenance type',
  'config.webLink.privacyPolicyUrl': 'Privacy Policy URL',
  'config.webLink.theme.logo': 'Logo',
  'config.webLink.webLinkNetworkPolicy': 'Network Policy',
  'platformFees.currency': 'Currency',
  'platformFees.paymentMethod': 'Payment Method',
  'platformFees.feesSchedule': 'Fees Schedule',
  'platformFees.platformFeeAssignee': 'Apply Platform Fee to',
  'platformFees.bookingFee': 'Booking Fee',
  'platformFees.monthlyVehicleFee': 'Monthly Vehicle Fee',
  'platformFees.transactionFee': 'Transaction Fee',
  'platformFees.licenceFee': 'Licence Fee',
  'platformFees.manualVorFee': 'Manual VOR Fee',
  'platformFees.reportingLicenceFee': 'Reporting Licence Fee',
  'platformFees.driverLicencePricePerCheck': 'Driver Licence - Price Per Check fee',
  'platformFees.licenceCheckPerDriverPerMonth': 'Licence Check - per driver per month Fee',
  'platformFees.monthlyWhatsAppFee': 'Monthly WhatsApp Fee',
  'webhooks.authorizationUrl': 'Authorization URL',
  'webhooks.topics.url': 'URL',
} as const;
export type CustomerFieldPath = keyof typeof CUSTOMER_FIELD_LABELS;

export function customerFieldLabel(path: CustomerFieldPath, country: Country): string {
  if (path === 'address.postCode') return country === 'IE' ? 'Eircode' : 'Postcode';
  return CUSTOMER_FIELD_LABELS[path];
}

/** Messages the spec quotes that do not follow '{Label} is required' / '{Label} is not valid'. */
export const CUSTOMER_MESSAGES = {
  supplierProximityMin: 'Max Supplier Proximity value should be greater than 0',
  supplierProximityMax: 'Max Supplier Proximity value should be less than 99',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  urlNotValid: 'URL is not valid',
  phoneNotValid: 'Phone number is not valid',
  recipientRequired: 'Recipient email id is required',
  recipientNotValid: 'Recipient Email is not valid',
  invoiceGroupNotApplicable: 'This option is not applicable for selected Rate card type',
  serviceTypeRequired: 'Service type is required',
  maintenanceTypeRequired: 'Vehicle Maintenance type is required',
  feeAssigneeRequired: 'Selection of Apply Platform Fee to is required',
  webhookUrl: 'Please enter a valid URL',
  integrationType: 'Type is required',
  integrationTypeLabel: 'Type label is required',
  integrationSource: 'Source is required',
  integrationSourceLabel: 'Source label is required',
  retailerCustomerName: 'Customer name is required',
  retailerMappingId: 'Mapping ID is required',
} as const;

export { notValidMessage, requiredMessage } from '../../messages';
