/** Supplier (service unit) values of spec 2 §3-§5 and spec 3 §9. */
import type { Minor } from '../common';

export const UNIT_STATUSES = ['live', 'cancelled'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];
export const UNIT_STATUS_LABELS: Record<UnitStatus, string> = { live: 'Live', cancelled: 'Cancelled' };

export const SUPPLIER_TYPES = ['Independent', 'Franchise', 'Mobile'] as const;
export type SupplierType = (typeof SUPPLIER_TYPES)[number];

export const SERVICE_TYPES = ['SMR', 'SERVICE', 'TYRE', 'REPAIR', 'GLASS', 'BODYSHOP', 'MOT', 'BREAKDOWN', 'ALLOY_WHEELS'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  SMR: 'SMR',
  SERVICE: 'Service',
  TYRE: 'Tyres',
  REPAIR: 'Repair',
  GLASS: 'Glass',
  BODYSHOP: 'Bodyshop',
  MOT: 'MOT',
  BREAKDOWN: 'Breakdown',
  ALLOY_WHEELS: 'Alloy Wheels',
};

export const VEHICLE_TYPES = ['CAR', 'COMMERCIAL_UNDER_3_5', 'COMMERCIAL_OVER_3_5', 'ELECTRIC_LCV', 'ELECTRIC_CAR', 'HGV', 'MOTORBIKE'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
/** Short labels of the supplier details page (spec 2 §2.1). */
export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = {
  CAR: 'Car',
  COMMERCIAL_UNDER_3_5: 'Commercial Under 3.5 Tonne',
  COMMERCIAL_OVER_3_5: 'Commercial Over 3.5 Tonne',
  ELECTRIC_LCV: 'Electric LCV',
  ELECTRIC_CAR: 'Electric Car',
  HGV: 'HGV',
  MOTORBIKE: 'Motorbikes',
};
export const VEHICLE_EQUIPMENT = ['TAIL_LIFT', 'FRIDGE', 'CRANE'] as const;

/** Optional (supplementary) services with their numeric values (spec 2 §3.1). */
export const SUPPLEMENTARY_SERVICES = [
  { key: 'COURTESY_CAR', label: 'Courtesy Car', value: 0, leadTime: true, radius: false, notes: true },
  { key: 'COLLECTION_AND_DELIVERY', label: 'Collection & Delivery', value: 1, leadTime: true, radius: true, notes: true },
  { key: 'WHILE_YOU_WAIT', label: 'While You Wait', value: 2, leadTime: false, radius: false, notes: false },
  { key: 'DROP_OFF', label: 'Drop Off', value: 3, leadTime: false, radius: false, notes: false },
  { key: 'MOBILE', label: 'Mobile', value: 5, leadTime: true, radius: true, notes: false },
  { key: 'WASH_AND_VAC', label: 'Wash & Vac', value: 6, leadTime: false, radius: false, notes: false },
] as const;
export type SupplementaryServiceKey = (typeof SUPPLEMENTARY_SERVICES)[number]['key'];
export const FACILITIES = [
  { value: 'REFRESHMENTS', label: 'Refreshments' },
  { value: 'WASH_AND_VAC', label: 'Wash & Vac' },
  { value: 'WIFI', label: 'WiFi' },
  { value: 'PARKING', label: 'Parking' },
] as const;

/** Labour-rate vehicle categories (spec 2 §3.1). */
export const LABOUR_RATE_CATEGORIES = [
  { type: 0, label: 'Car' },
  { type: 1, label: 'LCV' },
  { type: 7, label: 'Electric Car' },
] as const;

export const FNP_BANDS = [
  'NONE',
  'BAND_1_LA1', 'BAND_1_LA2', 'BAND_1_LA3',
  'BAND_2_LA1', 'BAND_2_LA2', 'BAND_2_LA3',
  'BAND_3_LA1', 'BAND_3_LA2', 'BAND_3_LA3',
  'BAND_5_M25_LA1', 'BAND_5_M25_LA2', 'BAND_5_M25_LA3',
] as const;
export type FnpBand = (typeof FNP_BANDS)[number];
export const FNP_PROVIDERS = ['NOT_AVAILABLE', 'OEC', 'MODULUS', 'OTHER'] as const;

/** MOT classes; 'All' is only an export filter (spec 3 §9). */
export const MOT_CLASSES = ['1', '2', '3', '4', '5', '7'] as const;
export const MOT_CLASS_FILTERS = ['All', ...MOT_CLASSES] as const;

export const TYRE_ANCILLARIES = [
  { type: 'DISPOSAL', label: 'Disposal charges' },
  { type: 'VALVE', label: 'Valve' },
  { type: 'WHEEL_BALANCE', label: 'Wheel balance' },
  { type: 'TPMS', label: 'Tyre pressure monitoring' },
] as const;
export const WHEEL_ALIGNMENTS = [
  { type: 'ALIGNMENT_2_WHEEL', label: 'Wheel alignment (2 wheels)' },
  { type: 'ALIGNMENT_4_WHEEL', label: 'Wheel alignment (4 wheels)' },
] as const;
/** The spec names about 20 fluid types without listing them; these are common ones (ours). */
export const FLUID_TYPES = [
  { type: 'SEMI_SYNTHETIC', label: 'Semi synthetic' },
  { type: 'FULLY_SYNTHETIC', label: 'Fully synthetic' },
  { type: 'LONG_LIFE', label: 'Long life' },
  { type: 'MINERAL', label: 'Mineral' },
  { type: 'AD_BLUE', label: 'AdBlue' },
  { type: 'BRAKE_FLUID', label: 'Brake fluid' },
  { type: 'COOLANT', label: 'Coolant' },
  { type: 'SCREEN_WASH', label: 'Screen wash' },
  { type: 'POWER_STEERING', label: 'Power steering fluid' },
  { type: 'GEARBOX_OIL', label: 'Gearbox oil' },
] as const;

export const SUPPLIER_EXCEPTION_TYPES = ['FINANCE_SYSTEM_MAPPING_MISSING'] as const;
export type SupplierExceptionType = (typeof SUPPLIER_EXCEPTION_TYPES)[number];

export interface SupplierService {
  type: ServiceType;
  isEnabled: boolean;
  label: string;
}
export interface SupplierVehicleType {
  type: VehicleType;
  label: string;
  typeValue: number;
  isAvailable: boolean;
}
export interface VehicleServices {
  ancillaryEquipment: { servicingAndRepairs: boolean };
  specialisedRepairs: { misFueling: boolean; dpfFilters: boolean };
  engine: { rebuild: boolean };
  lockAndKeys: { replacementKeysAndDoorLocks: boolean };
  safetyAndCompliance: { lolerWeightTesting: boolean };
  bodywork: { smartRepairs: boolean };
}
/** Metres for height and length, tonnes for weight (choice lists of spec 2 §5.1). */
export interface Restrictions {
  maxHeight: number | null;
  maxLength: number | null;
  maxWeight: number | null;
}
export interface Facility {
  value: string;
  label: string;
  isAvailable: boolean;
}
export interface SupplementaryService {
  type: SupplementaryServiceKey;
  typeValue: number;
  isOffered: boolean;
  leadTime: number | null;
  radius: number | null;
  notes: string | null;
  NTD: boolean;
}

/** A rate a DI network rate replaced, newest first (ours: kept so a rate's history is not lost). */
export interface RateHistory {
  rate: Minor;
  effectiveDate: string | null;
  history?: RateHistory[];
}
export interface Rate {
  type?: string;
  typeValue: string | number;
  label: string;
  rate: Minor;
  isAvailable: boolean;
  effectiveDate: string | null;
  history?: RateHistory[];
}
export interface FranchiseTerms {
  label: string;
  /** Percent, 0..100, two decimals; null when none was agreed (left empty), which is not 0 %. */
  partsDiscount: number | null;
  labourRates: { vehicleCategoryType: number; rate: Minor; isAvailable: boolean; typeValue: 'Labour'; effectiveDate: string | null; history?: RateHistory[] }[];
}
export interface MotRate {
  classType: (typeof MOT_CLASSES)[number];
  classTypeValue: number;
  label: string;
  rate: Minor;
  isAvailable: boolean;
  effectiveDate: string | null;
  history?: RateHistory[];
}
