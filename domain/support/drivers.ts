import { z } from 'zod';
import { isEmail } from '../formats';
import { uuidSchema } from '../lists';

/** The Compliance tools (spec 3 §2.4, §3 "Driver", §5, §8): Restore Employment and Resend Driver Web Mandate. */

export const DRIVER_MESSAGES = {
  /** Spec 3 §5 and §8. */
  emailRequired: 'Driver Email Id is required',
  emailNotValid: 'Driver Email Id is not valid',
  notFound: 'Driver not found',
  mandateCompleted: 'Mandate has already been completed.',
  driverLeft: 'Mandate cannot be resent as the driver has already left.',
  manualMandate: 'Manual mandate is enabled for this driver.',
  licenceCheckOff: 'Licence checking is not enabled.',
  disqualified: 'Mandate cannot be resent as the driver is disqualified.',
  /** Ours: restore is offered only with an end date (spec 3 §5); the server says so for a call without one. */
  noEndDate: 'The driver has no employment end date to remove',
  /** The spec's success notices (wording ours). */
  restored: 'Employment restored',
  mandateResent: 'Driver web mandate sent',
  /** Spec 3 §8: a failed resend shows the generic notice. */
  generic: 'Error occurred from api.',
} as const;

export const DRIVER_LABELS = { email: 'Driver Email Id' } as const;

/** Ours: how long a resent mandate link can be used. */
export const MANDATE_LINK_DAYS = 7;
/** Most drivers one e-mail finds (the same person may drive for several lease companies). */
export const DRIVERS_FOUND_MAX = 20;

/** Spec 3 §3 "Driver". Dates are yyyy-mm-dd. */
export interface DriverDetails {
  leaseId: string;
  driverId: string;
  leaseCompanyName: string;
  subCustomerName: string | null;
  driverName: string;
  email: string;
  employeeId: string | null;
  startDate: string | null;
  endDate: string | null;
  mandateSignDate: string | null;
  manualMandate: boolean;
  enableLicenseCheck: boolean;
  disqualification: boolean;
}

export interface DriverDetailsResponse {
  success: true;
  drivers: DriverDetails[];
}

type MandateFacts = Pick<DriverDetails, 'endDate' | 'mandateSignDate' | 'manualMandate' | 'enableLicenseCheck' | 'disqualification'>;

/**
 * The five rules of spec 3 §5 in the spec's order: the first that fails is the refusal; null when
 * the mandate may be resent. `today` is yyyy-mm-dd: an end date today counts as left.
 */
export function mandateResendRefusal(d: MandateFacts, today: string): string | null {
  if (d.mandateSignDate) return DRIVER_MESSAGES.mandateCompleted;
  if (d.endDate && d.endDate <= today) return DRIVER_MESSAGES.driverLeft;
  if (d.manualMandate) return DRIVER_MESSAGES.manualMandate;
  if (!d.enableLicenseCheck) return DRIVER_MESSAGES.licenceCheckOff;
  if (d.disqualification) return DRIVER_MESSAGES.disqualified;
  return null;
}

/** Restore Employment is offered only when an end date exists (spec 3 §5). */
export const canRestoreEmployment = (d: Pick<DriverDetails, 'endDate'>) => d.endDate !== null;

export const driverEmailSchema = z
  .string({ error: DRIVER_MESSAGES.emailRequired })
  .trim()
  .min(1, DRIVER_MESSAGES.emailRequired)
  .max(254, DRIVER_MESSAGES.emailNotValid)
  .refine(isEmail, DRIVER_MESSAGES.emailNotValid);

export const driverDetailsSchema = z.object({ email: driverEmailSchema });
/** Spec 3 §7: leaseId, driverId. */
export const driverRefSchema = z.object({ leaseId: uuidSchema, driverId: uuidSchema });

/**
 * The driver's side of a mandate link (ours; the customer app's driver-mandate page calls
 * driverMandate/verify and driverMandate/accept with the link's token). Each way a link can be
 * refused has its own code and plain words, for the page to show as they are.
 */
export const MANDATE_LINK_MESSAGES = {
  invalid: 'This mandate link is not valid. Please open the link exactly as it appears in your e-mail, or ask your fleet manager to send you a new one.',
  expired: 'This mandate link has expired. Please ask your fleet manager to send you a new one.',
  used: 'This mandate link has already been used, so it cannot be used again.',
  replaced: 'A newer mandate link has been sent to you since this one. Please use the link in the most recent e-mail.',
  notNeeded: 'This mandate no longer needs signing. If you think this is wrong, please contact your fleet manager.',
  accepted: 'Thank you. Your mandate has been signed.',
} as const;

export type MandateLinkRefusal = Exclude<keyof typeof MANDATE_LINK_MESSAGES, 'accepted'>;

/** The error code of each refusal. */
export const MANDATE_LINK_CODES: Record<MandateLinkRefusal, string> = {
  invalid: 'MANDATE_LINK_INVALID',
  expired: 'MANDATE_LINK_EXPIRED',
  used: 'MANDATE_LINK_USED',
  replaced: 'MANDATE_LINK_REPLACED',
  notNeeded: 'MANDATE_NOT_NEEDED',
};

/** Longer than any token we make (about 120 characters); anything longer is not one. */
export const MANDATE_TOKEN_MAX = 256;

/**
 * driverMandate/verify and driverMandate/accept: the token of the link, as the page received it.
 * Its form is checked by the server (a token of any other form, however long, is 'invalid').
 */
export const mandateLinkSchema = z.object({
  token: z.string({ error: MANDATE_LINK_MESSAGES.invalid }),
});

/** What the page shows before the driver signs. */
export interface MandateLinkResponse {
  success: true;
  driverName: string;
  leaseCompanyName: string;
  expiresAt: string;
}

export interface MandateAcceptResponse {
  success: true;
  message: string;
  /** yyyy-mm-dd, UTC. */
  mandateSignDate: string;
}
