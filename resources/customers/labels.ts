/** Display text for the customer area's codes ('VEHICLE_RECORD' → 'Vehicle Record'). */
const SPECIAL: Record<string, string> = {
  MOT: 'MOT',
  LCV_HEALTH_CHECK: 'LCV Health Check',
  HEALTH_CHECK_LCV: 'LCV Health Check',
  HEALTH_CHECK_CAR: 'Car Health Check',
  VISN: 'ViSN',
  WHATSAPP: 'WhatsApp',
  DIRECT_DEBIT: 'Direct Debit',
  BACS: 'BACS',
  SUB_CUSTOMER: 'Sub Customer',
  ALL_INVOICES: 'All Invoices',
  DIRECT_PAYBILL_INVOICES: 'Direct Paybill Invoices',
  nonManaged: 'Non-managed',
  managed: 'Managed',
  ENQUIRY_UPDATES: 'Enquiry Updates',
  VOR_UPDATES: 'VOR Updates',
  EURO: 'Euro',
  GBP: 'GBP',
};

export function codeLabel(code: string | null | undefined): string {
  if (!code) return '';
  if (SPECIAL[code]) return SPECIAL[code];
  return code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/** Spec 1 §4: what each web link network policy means. */
export const NETWORK_POLICY_LABELS: Record<string, string> = {
  NONE: 'None (apply none)',
  VEHICLE: 'Vehicle (policies in the vehicle contract)',
  VISN: "ViSN (the product's own network policy setup)",
};
