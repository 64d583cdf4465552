/** Enquiry (service booking) values of spec 3 §3, §4 and §9. */

export const ENQUIRY_STATUSES = [
  'NEW',
  'BID_COMPLETED',
  'BID_ACCEPTED',
  'CHECK_IN_COMPLETE',
  'CHECKED_IN_BY_DRIVER',
  'DECLINED_TO_BID',
  'CANCELLED',
  'COMPLETED',
  'PAYMENT_TAKEN',
  'BID_NOT_SELECTED',
  'INVOICED',
] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export function enquiryStatusLabel(status: EnquiryStatus, managed: boolean): string {
  switch (status) {
    case 'NEW': return 'New';
    case 'BID_COMPLETED': return managed ? 'Booking offered' : 'Booking submitted';
    case 'BID_ACCEPTED': return 'Accepted';
    case 'CHECK_IN_COMPLETE': return 'Check in complete';
    case 'CHECKED_IN_BY_DRIVER': return 'Checked in by driver';
    case 'DECLINED_TO_BID': return 'Declined to booking';
    case 'CANCELLED': return 'Cancelled';
    case 'COMPLETED': return 'Completed';
    case 'PAYMENT_TAKEN': return 'Payment taken';
    case 'BID_NOT_SELECTED': return 'Another booking was selected';
    case 'INVOICED': return 'Invoiced';
  }
}

/** Statuses the cancel search leaves out (spec 3 §5). */
export const NOT_CANCELLABLE_SEARCH: readonly EnquiryStatus[] = ['NEW', 'DECLINED_TO_BID', 'CANCELLED', 'BID_NOT_SELECTED', 'BID_COMPLETED'];

export const ENQUIRY_SOURCES = ['BOOK_IN', 'WALK_IN', 'LEASE', 'MANUAL_VOR', 'WEB_LINK'] as const;
export type EnquirySource = (typeof ENQUIRY_SOURCES)[number];
/** Ours: the spec shows a source icon; these name it. */
export const ENQUIRY_SOURCE_LABELS: Record<EnquirySource, string> = {
  BOOK_IN: 'Booked in',
  WALK_IN: 'Walk in',
  LEASE: 'Lease company',
  MANUAL_VOR: 'Manual VOR',
  WEB_LINK: 'Web link',
};

export const CONTRACT_STATUSES = ['active', 'awaitingTermination', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = { active: 'Active', awaitingTermination: 'Awaiting Termination', terminated: 'Terminated' };

export const MESSAGE_PARTIES = ['SUPPLIER', 'CUSTOMER', 'ADMIN'] as const;
/** Why an enquiry left the live table (archive stats of spec 3 §3). */
export const ARCHIVE_REASONS = ['INVOICED', 'DECLINED', 'CANCELLED', 'NO_SHOW', 'AUTHORISATION_DECLINED'] as const;
