import { z } from 'zod';
import { uuidSchema } from '../lists';
import { actingUserSchema } from './payload';
import { CONTRACT_STATUSES, type ContractStatus } from '../enquiries';
import { isUkVrm, normalizeVrm } from '../formats';
import type { VehicleTool } from './dashboard';

/** The Manage Vehicle tools (spec 3 §2.4, §4, §5, §7, §8). */

export const VEHICLE_MESSAGES = {
  /** Spec 3 §5 and §8. */
  registrationRequired: 'Vehicle Registration is required',
  notFound: 'Vehicle Registration number not found',
  moreThanOne: 'This Registration number matched more than one stock entries. Please contact technical team for help',
  newRequired: 'New Registration is required',
  newNotValid: 'New Registration is not valid',
  awaitingTermination: 'Cannot update Registration number of Vehicle Awaiting Termination',
  terminated: 'Cannot update Registration number of Terminated Vehicle',
  alreadyActive: 'Vehicle is already Active',
  /** Ours: the registration searched for is also too long to be one. */
  registrationTooLong: 'Vehicle Registration must be at most 10 characters',
  /** Ours: another stock entry already has the new registration. */
  inUse: 'This Registration number is already in use',
  /** The spec's success notices (wording ours). */
  registrationUpdated: 'Vehicle registration updated',
  activated: 'Vehicle activated',
} as const;

export const VEHICLE_LABELS = {
  registration: 'Vehicle Registration',
  newRegistration: 'New Registration',
  search: 'SEARCH',
} as const;

/** Spec 3 §9: registration max length 10. */
export const REGISTRATION_MAX = 10;
/** Spec 3 §2.4: plates over 7 characters use smaller text. */
export const PLATE_SMALL_TEXT_OVER = 7;

/** One found stock entry (spec 3 §3 "Vehicle stock entry"). */
export interface VehicleResult {
  leaseId: string;
  stockId: string;
  vrm: string;
  vin: string | null;
  make: { label: string };
  model: string;
  managed: boolean;
  contractStatus: ContractStatus;
  driver: { firstname: string; lastname: string; email: string; number: string | null } | null;
  leaseCompanyName: string;
}

export interface FindVehiclesResponse {
  success: true;
  vehicles: VehicleResult[];
}

/** Registration update is blocked for terminated and awaiting-termination vehicles (spec 3 §4). */
export function registrationUpdateRefusal(status: ContractStatus): string | null {
  if (status === 'terminated') return VEHICLE_MESSAGES.terminated;
  if (status === 'awaitingTermination') return VEHICLE_MESSAGES.awaitingTermination;
  return null;
}

/** Activation is offered only for terminated or awaiting-termination vehicles. */
export function activationRefusal(status: ContractStatus): string | null {
  return status === 'active' ? VEHICLE_MESSAGES.alreadyActive : null;
}

/** The new registration's check (spec 3 §5): required, different from the searched one, a UK plate. */
export function newRegistrationProblem(next: string, current: string, today: Date): string | null {
  const vrm = normalizeVrm(next);
  if (!vrm) return VEHICLE_MESSAGES.newRequired;
  if (vrm === normalizeVrm(current) || vrm.length > REGISTRATION_MAX || !isUkVrm(vrm, today)) return VEHICLE_MESSAGES.newNotValid;
  return null;
}

/** Spec 3 §5: spaces removed, upper-cased, max length 10. */
export const registrationSchema = z
  .string({ error: VEHICLE_MESSAGES.registrationRequired })
  .transform((s) => normalizeVrm(s))
  .pipe(z.string().min(1, VEHICLE_MESSAGES.registrationRequired).max(REGISTRATION_MAX, VEHICLE_MESSAGES.registrationTooLong));

export const findVehiclesSchema = z.object({
  vrm: registrationSchema,
  tool: z.enum(['updateVehicleRegistration', 'activateVehicle'] as const satisfies readonly VehicleTool[]),
});

const stockIdSchema = z.string().trim().min(1).max(64);

/** Spec 3 §7: leaseId, stockId, vrm (the new one), vin, user. */
export const updateRegistrationSchema = z.object({
  leaseId: uuidSchema,
  stockId: stockIdSchema,
  vrm: z.string({ error: VEHICLE_MESSAGES.newRequired }).max(40, VEHICLE_MESSAGES.newNotValid),
  vin: z.string().max(40).nullish(),
  user: actingUserSchema,
});

/** Spec 3 §7: user, leaseId, stockId, contractStatusType. */
export const activateVehicleSchema = z.object({
  leaseId: uuidSchema,
  stockId: stockIdSchema,
  contractStatusType: z.enum(CONTRACT_STATUSES).optional(),
  user: actingUserSchema,
});
