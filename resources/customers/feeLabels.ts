import type { CUSTOMER_FEE_KEYS } from '../../domain/customers';

/** Fee names as the spec's messages spell them ('Booking Fee is required'). */
export const FEE_LABELS: Record<(typeof CUSTOMER_FEE_KEYS)[number], string> = {
  bookingFee: 'Booking Fee',
  monthlyVehicleFee: 'Monthly Vehicle Fee',
  transactionFee: 'Transaction Fee',
  licenceFee: 'Licence Fee',
  manualVorFee: 'Manual VOR Fee',
  reportingLicenceFee: 'Reporting Licence Fee',
  driverLicencePricePerCheck: 'Driver Licence - Price Per Check',
  licenceCheckPerDriverPerMonth: 'Licence Check - per driver per month',
  monthlyWhatsAppFee: 'Monthly WhatsApp Fee',
};
