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
