/** The rate slots of the edit form: every MOT class, fluid, tyre ancillary and wheel alignment type, and each franchise's vehicle categories. */
import { FLUID_TYPES, LABOUR_RATE_CATEGORIES, MOT_CLASSES, TYRE_ANCILLARIES, WHEEL_ALIGNMENTS } from '../enums';
import type { RateListKey } from './values';

export interface RateSlot {
  key: string;
  label: string;
  /** The stored entry's typeValue / classTypeValue. */
  typeValue: number;
}

export const RATE_SLOTS: Record<RateListKey, RateSlot[]> = {
  motRates: MOT_CLASSES.map((c, i) => ({ key: c, label: `Class ${c}`, typeValue: i })),
  fluidRates: FLUID_TYPES.map((f, i) => ({ key: f.type, label: f.label, typeValue: i })),
  tyreAncillaryRates: TYRE_ANCILLARIES.map((f, i) => ({ key: f.type, label: f.label, typeValue: i })),
  wheelAlignmentRates: WHEEL_ALIGNMENTS.map((f, i) => ({ key: f.type, label: f.label, typeValue: i })),
};

export const LABOUR_SLOTS: RateSlot[] = LABOUR_RATE_CATEGORIES.map((c) => ({ key: String(c.type), label: c.label, typeValue: c.type }));

/** Spec 2 §5.4: fluid rates are at most 6 characters ('999.99'); other money 6 integer digits. */
export const FLUID_RATE_INTEGER_DIGITS = 3;
/** Rates older than this many changes are not kept on the record (the audit log keeps every change). */
export const RATE_HISTORY_MAX = 10;
