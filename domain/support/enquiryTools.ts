import { z } from 'zod';
import { uuidSchema } from '../lists';
import { actingUserSchema } from './payload';
import { NOT_CANCELLABLE_SEARCH, type ContractStatus, type EnquirySource, type EnquiryStatus } from '../enquiries';
import { SERVICE_TYPES, type ServiceType } from '../suppliers';
import type { RateCardType } from '../customers';
import type { PersonRef } from '../common';
import type { EnquiryTool } from './dashboard';

/** The Manage Enquiry tools (spec 3 §2.4, §4, §5, §7, §8). */

export const ENQUIRY_MESSAGES = {
  /** Spec 3 §5 and §8. */
  numberRequired: 'Enquiry number is required',
  notFound: 'Enquiry not found',
  invoicedNotCancellable: 'Invoiced enquiries cannot be cancelled',
  invoicedNotRevertible: 'Invoiced enquiries cannot be reverted',
  serviceTypeLocked: 'Service Type of invoiced or completed enquiries cannot be updated',
  notInvoiced: 'Enquiry not invoiced. Cannot generate the invoice PDF.',
  /** Ours: the reason box of the cancel view. */
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most 200 characters`,
  /** Ours: revert of an enquiry that is not completed (the console offers it only for COMPLETED). */
  notCompleted: 'Only completed enquiries can be reverted',
  serviceTypeRequired: 'Service Type is required',
  serviceTypeSame: 'The new service type must differ from the current one',
  serviceTypeNotOffered: 'The lease company does not offer this service type',
  /** Ours: unarchive when the live enquiries already hold the number. */
  alreadyLive: 'An enquiry with this number is already live',
  /** Ours: an invoiced enquiry whose invoice record is missing. */
  invoiceMissing: 'No invoice was found for this enquiry',
  pdfMissing: 'The invoice PDF has not been generated yet',
  /** The spec's success notices (wording ours). */
  cancelled: 'Enquiry cancelled',
  reverted: 'Enquiry completion reverted',
  deleted: 'Enquiry deleted',
  unarchived: 'Enquiry unarchived',
  regenerated: 'Invoice regenerated',
  serviceTypeUpdated: 'Service type updated',
  /** Spec 3 §8: failed regenerate and service type calls show the generic notice. */
  generic: 'Error occurred from api.',
} as const;

export const ENQUIRY_LABELS = {
  number: 'Enquiry number',
  numberPlaceholder: 'Enter enquiry number',
  search: 'SEARCH',
  reason: 'Reason',
  serviceType: 'Service Type',
} as const;

/** Spec 3 §9: reject-style reasons max 200. */
export const CANCEL_REASON_MAX = 200;
/** Spec 3 §9: the result badge shows at most 99. */
export const SUPPORT_BADGE_CAP = 99;
/** Spec 3 §9: the copy button's tick resets after 1300 ms. */
export const SUPPORT_COPY_RESET_MS = 1300;
/** Most results one search returns (the badge shows 99 at most). */
export const ENQUIRY_RESULTS_MAX = 100;

/** Spec 3 §9 badge: '99+' beyond 99. */
export const supportBadge = (count: number) => (count > SUPPORT_BADGE_CAP ? `${SUPPORT_BADGE_CAP}+` : String(count));

/** Where a found enquiry lives: the live enquiries or the archive (spec 3 §7 "enquiry index, archived enquiry index"). */
export type EnquiryCollection = 'live' | 'archive';

/** Which collections each tool searches, and which statuses its search leaves out. */
export const ENQUIRY_TOOL_SEARCH: Record<EnquiryTool, { collections: EnquiryCollection[]; exclude: readonly EnquiryStatus[] }> = {
  enquirySearch: { collections: ['live', 'archive'], exclude: [] },
  cancelEnquiry: { collections: ['live'], exclude: NOT_CANCELLABLE_SEARCH },
  revertEnquiry: { collections: ['live'], exclude: [] },
  // Ours: only live enquiries are deleted; the archive is the record of closed work.
  deleteEnquiry: { collections: ['live'], exclude: [] },
  unarchiveEnquiry: { collections: ['archive'], exclude: [] },
  // Invoiced enquiries are often archived already: the invoice can be regenerated from either.
  regenerateInvoice: { collections: ['live', 'archive'], exclude: [] },
  updateServiceType: { collections: ['live'], exclude: [] },
};

/** One found enquiry, as the drawers show it (spec 3 §3 "Enquiry"). */
export interface EnquiryResult {
  id: string;
  enquiryId: string;
  enquiryNumber: string;
  enquiryStatus: EnquiryStatus;
  enquirySource: EnquirySource;
  serviceType: ServiceType;
  make: string;
  model: string;
  vrm: string;
  managed: boolean;
  contractStatus: ContractStatus;
  subCustomerId: string | null;
  region1: string | null;
  supplierName: string | null;
  supplierGroupName: string | null;
  leaseCompanyId: string;
  leaseCompanyName: string;
  /** The group (account) and the service unit. */
  accountObjectID: string | null;
  serviceUnitObjectID: string | null;
  rateCardType: { value: RateCardType; label: string };
  paybill: boolean;
  invoiced: boolean;
  collection: EnquiryCollection;
  /** Update Service Type: what the lease company's configuration offers. */
  offeredServiceTypes: ServiceType[];
}

export interface FindEnquiriesResponse {
  success: true;
  enquiries: EnquiryResult[];
}

/** Spec 3 §7 getInvoiceSearchData. */
export interface InvoiceSearchData {
  invoiceNumber: string;
  /** When the stored PDF was made: at the last regenerate, or when the invoice was raised. */
  invoiceSavedDate: string;
  user: PersonRef | null;
  hasPdf: boolean;
}

// ---------------------------------------------------------------------------------------------
// Rules (spec 3 §4): each answers the refusal's message, or null when the action may go ahead.

type StatusOf = { enquiryStatus: EnquiryStatus; invoiced: boolean };

const isInvoiced = (e: StatusOf) => e.invoiced || e.enquiryStatus === 'INVOICED';

export function cancelRefusal(e: StatusOf): string | null {
  return isInvoiced(e) ? ENQUIRY_MESSAGES.invoicedNotCancellable : null;
}

export function revertRefusal(e: StatusOf): string | null {
  if (isInvoiced(e)) return ENQUIRY_MESSAGES.invoicedNotRevertible;
  return e.enquiryStatus === 'COMPLETED' ? null : ENQUIRY_MESSAGES.notCompleted;
}

export function regenerateRefusal(e: StatusOf): string | null {
  return e.enquiryStatus === 'INVOICED' ? null : ENQUIRY_MESSAGES.notInvoiced;
}

/** Completed work (completed, paid or invoiced) keeps the service type it was done as. */
const DONE: readonly EnquiryStatus[] = ['COMPLETED', 'PAYMENT_TAKEN', 'INVOICED'];

export function serviceTypeRefusal(e: StatusOf & { serviceType: ServiceType; offeredServiceTypes: readonly ServiceType[] }, next: ServiceType): string | null {
  if (isInvoiced(e) || DONE.includes(e.enquiryStatus)) return ENQUIRY_MESSAGES.serviceTypeLocked;
  if (next === e.serviceType) return ENQUIRY_MESSAGES.serviceTypeSame;
  return e.offeredServiceTypes.includes(next) ? null : ENQUIRY_MESSAGES.serviceTypeNotOffered;
}

/**
 * Ours: the status a reverted enquiry returns to when the one completion replaced was not kept
 * (enquiries completed before it was recorded): checked in, the step before completion.
 */
export const STATUS_BEFORE_COMPLETION_DEFAULT: EnquiryStatus = 'CHECK_IN_COMPLETE';

/** The text of the message a cancellation sends the supplier (spec 3 §3 "Cancel message"; wording ours). */
export const cancelMessageText = (enquiryNumber: string, reason: string) => `Booking ${enquiryNumber} has been cancelled: ${reason}`;

// ---------------------------------------------------------------------------------------------
// Schemas: the spec's payloads (§7). `user` is accepted as sent and ignored: the server records the
// signed-in admin.

/** Enquiry numbers as the network writes them; the search trims and upper-cases. */
export const ENQUIRY_NUMBER_MAX = 32;
export const enquiryNumberSchema = z
  .string({ error: ENQUIRY_MESSAGES.numberRequired })
  .trim()
  .min(1, ENQUIRY_MESSAGES.numberRequired)
  .max(ENQUIRY_NUMBER_MAX, ENQUIRY_MESSAGES.notFound)
  .transform((s) => s.toUpperCase());

export const findEnquiriesSchema = z.object({
  enquiryNumber: enquiryNumberSchema,
  tool: z.enum([
    'enquirySearch',
    'cancelEnquiry',
    'revertEnquiry',
    'deleteEnquiry',
    'unarchiveEnquiry',
    'regenerateInvoice',
    'updateServiceType',
  ] as const satisfies readonly EnquiryTool[]),
});

const optionalId = uuidSchema.nullish();

/** The ids every action names the enquiry by; the server checks they belong together. */
const enquiryRef = {
  enquiryId: uuidSchema,
  accountId: optionalId,
  serviceUnitId: optionalId,
  user: actingUserSchema,
};

export const cancelEnquirySchema = z.object({
  ...enquiryRef,
  leaseCompanyId: uuidSchema,
  reason: z.string({ error: ENQUIRY_MESSAGES.reasonRequired }).trim().min(1, ENQUIRY_MESSAGES.reasonRequired).max(CANCEL_REASON_MAX, ENQUIRY_MESSAGES.reasonTooLong),
  /** The console's message text; the server writes its own from the reason. */
  message: z.string().max(400).optional(),
});
export const deleteEnquirySchema = z.object({ ...enquiryRef, leaseCompanyId: uuidSchema });
export const revertEnquirySchema = z.object({ ...enquiryRef, leaseId: uuidSchema });
export const unarchiveEnquirySchema = z.object({ id: uuidSchema });
export const regenerateInvoiceSchema = z.object({
  enquiryId: uuidSchema,
  accountObjectID: optionalId,
  serviceUnitObjectID: optionalId,
  leaseCompanyId: uuidSchema,
  user: actingUserSchema,
});
export const serviceTypeSchema = z.object({
  ...enquiryRef,
  leaseId: uuidSchema,
  serviceType: z.enum(SERVICE_TYPES, { error: ENQUIRY_MESSAGES.serviceTypeRequired }),
});
export const invoiceSearchDataSchema = z.object({ enquiryId: uuidSchema, accountId: optionalId, serviceUnitId: optionalId });
export const invoicePdfSchema = z.object({ enquiryId: uuidSchema });

/** The reason box of the cancel view (the console's form). */
export const cancelFormSchema = z.object({ reason: cancelEnquirySchema.shape.reason });

/** Spec 3 §7 answers: "generic" calls answer success, revert answers result and message. */
export interface SupportActionResponse {
  success: true;
  message: string;
}
