/**
 * Vehicle make reference list (spec 3 §9, "Vehicle make reference list"): about 115 makes sold or
 * serviced in the UK and Ireland (cars, vans/LCVs and trucks), each with its FNP provider, its
 * external codes (one per vehicle type the make builds) and its manufacturer warranty (one row per
 * vehicle type).
 *
 * The spec fixes only its examples: Ford and Vauxhall use OEC, Citroen and Peugeot use MODULUS, Kia
 * uses OTHER, a typical warranty is 36 months / 60000 miles and mileage 999999 means unlimited. The
 * spec does not show the full list; everything else here is ours:
 * - the makes themselves, their ids (stable, 1..n in label order as first written: append new makes
 *   with the next id, never renumber) and their external codes;
 * - the FNP providers: OEC for Ford, Vauxhall and Opel (Vauxhall's Irish badge); MODULUS for Citroen,
 *   Peugeot and DS; OTHER for the other mainstream franchise networks; NOT_AVAILABLE for exotic,
 *   defunct, direct-sale (Tesla, Polestar, Genesis...) and truck-only makes. The overlap with the
 *   seed's MAKES (server/db/seed/reference.ts) agrees with it;
 * - the warranties: UK manufacturer warranties as published around 2024-2025, rounded. Where cover is
 *   extended by dealer servicing (Toyota and Lexus Relax: up to 10 years / 100000 miles) the row gives
 *   the longest cover; defunct makes carry the warranty they last offered, as a reference only.
 */
import type { FNP_PROVIDERS } from './suppliers/enums';

type FnpProvider = (typeof FNP_PROVIDERS)[number];

export const MAKE_VEHICLE_TYPES = ['CAR', 'LCV', 'TRUCK'] as const;
export type MakeVehicleType = (typeof MAKE_VEHICLE_TYPES)[number];

/** A warranty mileage of 999999 means unlimited (spec 3 §9). */
export const UNLIMITED_MILEAGE = 999999;

export interface VehicleMakeExternalCode {
  code: string;
  vehicleType: MakeVehicleType;
}

export interface VehicleMakeWarranty {
  months: number;
  /** Miles; UNLIMITED_MILEAGE for unlimited. */
  mileage: number;
  vehicleType: MakeVehicleType;
}

export interface VehicleMake {
  id: number;
  label: string;
  fnpProvider: FnpProvider;
  externalCodes: readonly VehicleMakeExternalCode[];
  warranty: readonly VehicleMakeWarranty[];
}

export const VEHICLE_MAKES: readonly VehicleMake[] = [
  { id: 1, label: 'Abarth', fnpProvider: 'OTHER', externalCodes: [{ code: 'ABARTH', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 100000, vehicleType: 'CAR' }] },
  { id: 2, label: 'Aiways', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'AIWAYS', vehicleType: 'CAR' }], warranty: [{ months: 60, mileage: 100000, vehicleType: 'CAR' }] },
  { id: 3, label: 'Alfa Romeo', fnpProvider: 'OTHER', externalCodes: [{ code: 'ALFA', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 100000, vehicleType: 'CAR' }] },
  { id: 4, label: 'Alpine', fnpProvider: 'OTHER', externalCodes: [{ code: 'ALPINE', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 5, label: 'Ariel', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'ARIEL', vehicleType: 'CAR' }], warranty: [{ months: 24, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 6, label: 'Arrival', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'ARRIVAL', vehicleType: 'LCV' }], warranty: [{ months: 24, mileage: UNLIMITED_MILEAGE, vehicleType: 'LCV' }] },
  { id: 7, label: 'Aston Martin', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'ASTON', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 8, label: 'Audi', fnpProvider: 'OTHER', externalCodes: [{ code: 'AUDI', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 9, label: 'BAC', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'BAC', vehicleType: 'CAR' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 10, label: 'Bedford', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'BEDFORD', vehicleType: 'LCV' }, { code: 'BEDFORD', vehicleType: 'TRUCK' }], warranty: [{ months: 12, mileage: 12000, vehicleType: 'LCV' }, { months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 11, label: 'Bentley', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'BENTLEY', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 12, label: 'BMW', fnpProvider: 'OTHER', externalCodes: [{ code: 'BMW', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 13, label: 'Bugatti', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'BUGATTI', vehicleType: 'CAR' }], warranty: [{ months: 24, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 14, label: 'BYD', fnpProvider: 'OTHER', externalCodes: [{ code: 'BYD', vehicleType: 'CAR' }, { code: 'BYD', vehicleType: 'LCV' }], warranty: [{ months: 72, mileage: 93750, vehicleType: 'CAR' }, { months: 72, mileage: 93750, vehicleType: 'LCV' }] },
  { id: 15, label: 'Cadillac', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'CADILLAC', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 16, label: 'Caterham', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'CATERHAM', vehicleType: 'CAR' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 17, label: 'Chery', fnpProvider: 'OTHER', externalCodes: [{ code: 'CHERY', vehicleType: 'CAR' }], warranty: [{ months: 84, mileage: 100000, vehicleType: 'CAR' }] },
  { id: 18, label: 'Chevrolet', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'CHEV', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 19, label: 'Chrysler', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'CHRYSLER', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 20, label: 'Citroen', fnpProvider: 'MODULUS', externalCodes: [{ code: 'CITROEN', vehicleType: 'CAR' }, { code: 'CITROEN', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }, { months: 36, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 21, label: 'Cupra', fnpProvider: 'OTHER', externalCodes: [{ code: 'CUPRA', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 22, label: 'Dacia', fnpProvider: 'OTHER', externalCodes: [{ code: 'DACIA', vehicleType: 'CAR' }, { code: 'DACIA', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }, { months: 36, mileage: 60000, vehicleType: 'LCV' }] },
  { id: 23, label: 'Daewoo', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'DAEWOO', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 24, label: 'DAF', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'DAF', vehicleType: 'TRUCK' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 25, label: 'Daihatsu', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'DAIHATSU', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 26, label: 'Dennis Eagle', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'DENNIS', vehicleType: 'TRUCK' }], warranty: [{ months: 24, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 27, label: 'Dodge', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'DODGE', vehicleType: 'CAR' }, { code: 'DODGE', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }, { months: 36, mileage: 60000, vehicleType: 'LCV' }] },
  { id: 28, label: 'DS', fnpProvider: 'MODULUS', externalCodes: [{ code: 'DS', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 29, label: 'ERF', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'ERF', vehicleType: 'TRUCK' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 30, label: 'Farizon', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'FARIZON', vehicleType: 'LCV' }], warranty: [{ months: 60, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 31, label: 'Ferrari', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'FERRARI', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 32, label: 'Fiat', fnpProvider: 'OTHER', externalCodes: [{ code: 'FIAT', vehicleType: 'CAR' }, { code: 'FIAT', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 100000, vehicleType: 'CAR' }, { months: 36, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 33, label: 'Fisker', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'FISKER', vehicleType: 'CAR' }], warranty: [{ months: 72, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 34, label: 'Foden', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'FODEN', vehicleType: 'TRUCK' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 35, label: 'Ford', fnpProvider: 'OEC', externalCodes: [{ code: 'FORD', vehicleType: 'CAR' }, { code: 'FORD', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }, { months: 36, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 36, label: 'Ford Trucks', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'FORDTRK', vehicleType: 'TRUCK' }], warranty: [{ months: 24, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 37, label: 'Fuso', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'FUSO', vehicleType: 'LCV' }, { code: 'FUSO', vehicleType: 'TRUCK' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'LCV' }, { months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 38, label: 'Genesis', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'GENESIS', vehicleType: 'CAR' }], warranty: [{ months: 60, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 39, label: 'Ginetta', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'GINETTA', vehicleType: 'CAR' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 40, label: 'Goupil', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'GOUPIL', vehicleType: 'LCV' }], warranty: [{ months: 24, mileage: UNLIMITED_MILEAGE, vehicleType: 'LCV' }] },
  { id: 41, label: 'Great Wall', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'GWALL', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'LCV' }] },
  { id: 42, label: 'GWM Ora', fnpProvider: 'OTHER', externalCodes: [{ code: 'GWMORA', vehicleType: 'CAR' }], warranty: [{ months: 60, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 43, label: 'Hino', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'HINO', vehicleType: 'TRUCK' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 44, label: 'Honda', fnpProvider: 'OTHER', externalCodes: [{ code: 'HONDA', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 90000, vehicleType: 'CAR' }] },
  { id: 45, label: 'Hummer', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'HUMMER', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 46, label: 'Hyundai', fnpProvider: 'OTHER', externalCodes: [{ code: 'HYUNDAI', vehicleType: 'CAR' }, { code: 'HYUNDAI', vehicleType: 'LCV' }], warranty: [{ months: 60, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }, { months: 36, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 47, label: 'Ineos', fnpProvider: 'OTHER', externalCodes: [{ code: 'INEOS', vehicleType: 'CAR' }, { code: 'INEOS', vehicleType: 'LCV' }], warranty: [{ months: 60, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }, { months: 60, mileage: UNLIMITED_MILEAGE, vehicleType: 'LCV' }] },
  { id: 48, label: 'Infiniti', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'INFINITI', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 49, label: 'Isuzu', fnpProvider: 'OTHER', externalCodes: [{ code: 'ISUZU', vehicleType: 'LCV' }, { code: 'ISUZU', vehicleType: 'TRUCK' }], warranty: [{ months: 60, mileage: 125000, vehicleType: 'LCV' }, { months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 50, label: 'Iveco', fnpProvider: 'OTHER', externalCodes: [{ code: 'IVECO', vehicleType: 'LCV' }, { code: 'IVECO', vehicleType: 'TRUCK' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'LCV' }, { months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 51, label: 'Jaecoo', fnpProvider: 'OTHER', externalCodes: [{ code: 'JAECOO', vehicleType: 'CAR' }], warranty: [{ months: 84, mileage: 100000, vehicleType: 'CAR' }] },
  { id: 52, label: 'Jaguar', fnpProvider: 'OTHER', externalCodes: [{ code: 'JAGUAR', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 53, label: 'Jeep', fnpProvider: 'OTHER', externalCodes: [{ code: 'JEEP', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 54, label: 'KGM', fnpProvider: 'OTHER', externalCodes: [{ code: 'KGM', vehicleType: 'CAR' }, { code: 'KGM', vehicleType: 'LCV' }], warranty: [{ months: 60, mileage: 100000, vehicleType: 'CAR' }, { months: 60, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 55, label: 'Kia', fnpProvider: 'OTHER', externalCodes: [{ code: 'KIA', vehicleType: 'CAR' }], warranty: [{ months: 84, mileage: 100000, vehicleType: 'CAR' }] },
  { id: 56, label: 'Koenigsegg', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'KOENIG', vehicleType: 'CAR' }], warranty: [{ months: 24, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 57, label: 'Lada', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'LADA', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 58, label: 'Lamborghini', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'LAMBO', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 59, label: 'Lancia', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'LANCIA', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 60, label: 'Land Rover', fnpProvider: 'OTHER', externalCodes: [{ code: 'LROVER', vehicleType: 'CAR' }, { code: 'LROVER', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }, { months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'LCV' }] },
  { id: 61, label: 'LDV', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'LDV', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'LCV' }] },
  { id: 62, label: 'Leapmotor', fnpProvider: 'OTHER', externalCodes: [{ code: 'LEAPMTR', vehicleType: 'CAR' }], warranty: [{ months: 72, mileage: 90000, vehicleType: 'CAR' }] },
  { id: 63, label: 'LEVC', fnpProvider: 'OTHER', externalCodes: [{ code: 'LEVC', vehicleType: 'CAR' }, { code: 'LEVC', vehicleType: 'LCV' }], warranty: [{ months: 60, mileage: 150000, vehicleType: 'CAR' }, { months: 60, mileage: 150000, vehicleType: 'LCV' }] },
  { id: 64, label: 'Lexus', fnpProvider: 'OTHER', externalCodes: [{ code: 'LEXUS', vehicleType: 'CAR' }], warranty: [{ months: 120, mileage: 100000, vehicleType: 'CAR' }] },
  { id: 65, label: 'Leyland', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'LEYLAND', vehicleType: 'TRUCK' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 66, label: 'Lotus', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'LOTUS', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 67, label: 'LTI', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'LTI', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 68, label: 'Lynk & Co', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'LYNKCO', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 69, label: 'MAN', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'MAN', vehicleType: 'LCV' }, { code: 'MAN', vehicleType: 'TRUCK' }], warranty: [{ months: 36, mileage: 100000, vehicleType: 'LCV' }, { months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 70, label: 'Maserati', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'MASERATI', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 71, label: 'Maxus', fnpProvider: 'OTHER', externalCodes: [{ code: 'MAXUS', vehicleType: 'CAR' }, { code: 'MAXUS', vehicleType: 'LCV' }], warranty: [{ months: 60, mileage: 100000, vehicleType: 'CAR' }, { months: 60, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 72, label: 'Mazda', fnpProvider: 'OTHER', externalCodes: [{ code: 'MAZDA', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 73, label: 'McLaren', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'MCLAREN', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 74, label: 'Mercedes-Benz', fnpProvider: 'OTHER', externalCodes: [{ code: 'MERC', vehicleType: 'CAR' }, { code: 'MERC', vehicleType: 'LCV' }, { code: 'MERC', vehicleType: 'TRUCK' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }, { months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'LCV' }, { months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 75, label: 'MG', fnpProvider: 'OTHER', externalCodes: [{ code: 'MG', vehicleType: 'CAR' }, { code: 'MG', vehicleType: 'LCV' }], warranty: [{ months: 84, mileage: 80000, vehicleType: 'CAR' }, { months: 84, mileage: 80000, vehicleType: 'LCV' }] },
  { id: 76, label: 'MINI', fnpProvider: 'OTHER', externalCodes: [{ code: 'MINI', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 77, label: 'Mitsubishi', fnpProvider: 'OTHER', externalCodes: [{ code: 'MITSU', vehicleType: 'CAR' }, { code: 'MITSU', vehicleType: 'LCV' }], warranty: [{ months: 60, mileage: 62500, vehicleType: 'CAR' }, { months: 60, mileage: 125000, vehicleType: 'LCV' }] },
  { id: 78, label: 'Morgan', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'MORGAN', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 79, label: 'Nissan', fnpProvider: 'OTHER', externalCodes: [{ code: 'NISSAN', vehicleType: 'CAR' }, { code: 'NISSAN', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }, { months: 60, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 80, label: 'Noble', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'NOBLE', vehicleType: 'CAR' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 81, label: 'Omoda', fnpProvider: 'OTHER', externalCodes: [{ code: 'OMODA', vehicleType: 'CAR' }], warranty: [{ months: 84, mileage: 100000, vehicleType: 'CAR' }] },
  { id: 82, label: 'Opel', fnpProvider: 'OEC', externalCodes: [{ code: 'OPEL', vehicleType: 'CAR' }, { code: 'OPEL', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }, { months: 36, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 83, label: 'Perodua', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'PERODUA', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 84, label: 'Peugeot', fnpProvider: 'MODULUS', externalCodes: [{ code: 'PEUGEOT', vehicleType: 'CAR' }, { code: 'PEUGEOT', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }, { months: 36, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 85, label: 'Piaggio', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'PIAGGIO', vehicleType: 'LCV' }], warranty: [{ months: 24, mileage: UNLIMITED_MILEAGE, vehicleType: 'LCV' }] },
  { id: 86, label: 'Polestar', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'POLESTAR', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 87, label: 'Porsche', fnpProvider: 'OTHER', externalCodes: [{ code: 'PORSCHE', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 88, label: 'Proton', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'PROTON', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 89, label: 'RAM', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'RAM', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'LCV' }] },
  { id: 90, label: 'Reliant', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'RELIANT', vehicleType: 'CAR' }], warranty: [{ months: 12, mileage: 12000, vehicleType: 'CAR' }] },
  { id: 91, label: 'Renault', fnpProvider: 'OTHER', externalCodes: [{ code: 'RENAULT', vehicleType: 'CAR' }, { code: 'RENAULT', vehicleType: 'LCV' }, { code: 'RENAULT', vehicleType: 'TRUCK' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }, { months: 36, mileage: 100000, vehicleType: 'LCV' }, { months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 92, label: 'Rolls-Royce', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'ROLLS', vehicleType: 'CAR' }], warranty: [{ months: 48, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 93, label: 'Rover', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'ROVER', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 94, label: 'Saab', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'SAAB', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 95, label: 'Scania', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'SCANIA', vehicleType: 'TRUCK' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 96, label: 'SEAT', fnpProvider: 'OTHER', externalCodes: [{ code: 'SEAT', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 97, label: 'Seddon Atkinson', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'SEDDON', vehicleType: 'TRUCK' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 98, label: 'Skoda', fnpProvider: 'OTHER', externalCodes: [{ code: 'SKODA', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 99, label: 'Skywell', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'SKYWELL', vehicleType: 'CAR' }], warranty: [{ months: 72, mileage: 93750, vehicleType: 'CAR' }] },
  { id: 100, label: 'Smart', fnpProvider: 'OTHER', externalCodes: [{ code: 'SMART', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 101, label: 'SsangYong', fnpProvider: 'OTHER', externalCodes: [{ code: 'SSANGYONG', vehicleType: 'CAR' }, { code: 'SSANGYONG', vehicleType: 'LCV' }], warranty: [{ months: 84, mileage: 150000, vehicleType: 'CAR' }, { months: 84, mileage: 150000, vehicleType: 'LCV' }] },
  { id: 102, label: 'Subaru', fnpProvider: 'OTHER', externalCodes: [{ code: 'SUBARU', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 103, label: 'Suzuki', fnpProvider: 'OTHER', externalCodes: [{ code: 'SUZUKI', vehicleType: 'CAR' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }] },
  { id: 104, label: 'Tata', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'TATA', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'LCV' }] },
  { id: 105, label: 'Tesla', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'TESLA', vehicleType: 'CAR' }], warranty: [{ months: 48, mileage: 50000, vehicleType: 'CAR' }] },
  { id: 106, label: 'Tevva', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'TEVVA', vehicleType: 'TRUCK' }], warranty: [{ months: 24, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 107, label: 'Toyota', fnpProvider: 'OTHER', externalCodes: [{ code: 'TOYOTA', vehicleType: 'CAR' }, { code: 'TOYOTA', vehicleType: 'LCV' }], warranty: [{ months: 120, mileage: 100000, vehicleType: 'CAR' }, { months: 120, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 108, label: 'TVR', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'TVR', vehicleType: 'CAR' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 109, label: 'Vauxhall', fnpProvider: 'OEC', externalCodes: [{ code: 'VAUXHALL', vehicleType: 'CAR' }, { code: 'VAUXHALL', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }, { months: 36, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 110, label: 'Volkswagen', fnpProvider: 'OTHER', externalCodes: [{ code: 'VW', vehicleType: 'CAR' }, { code: 'VW', vehicleType: 'LCV' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }, { months: 36, mileage: 100000, vehicleType: 'LCV' }] },
  { id: 111, label: 'Volta Trucks', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'VOLTA', vehicleType: 'TRUCK' }], warranty: [{ months: 24, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 112, label: 'Volvo', fnpProvider: 'OTHER', externalCodes: [{ code: 'VOLVO', vehicleType: 'CAR' }, { code: 'VOLVO', vehicleType: 'TRUCK' }], warranty: [{ months: 36, mileage: 60000, vehicleType: 'CAR' }, { months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'TRUCK' }] },
  { id: 113, label: 'Westfield', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'WESTFLD', vehicleType: 'CAR' }], warranty: [{ months: 12, mileage: UNLIMITED_MILEAGE, vehicleType: 'CAR' }] },
  { id: 114, label: 'Xpeng', fnpProvider: 'OTHER', externalCodes: [{ code: 'XPENG', vehicleType: 'CAR' }], warranty: [{ months: 60, mileage: 100000, vehicleType: 'CAR' }] },
  { id: 115, label: 'Zeekr', fnpProvider: 'NOT_AVAILABLE', externalCodes: [{ code: 'ZEEKR', vehicleType: 'CAR' }], warranty: [{ months: 60, mileage: 100000, vehicleType: 'CAR' }] },
];

// One collator for the whole sort: localeCompare with a locale sets one up for every comparison,
// which cost a signed-in page's first load some 20-40 ms of evaluating this module.
/** The makes' labels, A-Z (case-insensitive, English collation). */
export const VEHICLE_MAKE_LABELS: readonly string[] = VEHICLE_MAKES.map((m) => m.label).sort(new Intl.Collator('en-GB').compare);

const BY_LABEL = new Map(VEHICLE_MAKES.map((m) => [m.label.toLowerCase(), m]));

/** The make of this label, whatever its case ('ford', 'FORD', 'Ford'); undefined when unknown. */
export function makeByLabel(label: string): VehicleMake | undefined {
  return typeof label === 'string' ? BY_LABEL.get(label.trim().toLowerCase()) : undefined;
}
