import type { ValidationType } from '../types';
import { VISN_TYPES } from './visn';
import { PARTNER_TYPES } from './partners';

/** Every file validation type, in the dropdown's order (grouped as VALIDATION_GROUPS lists the groups). */
export const FILE_VALIDATION_TYPES: readonly ValidationType[] = [...VISN_TYPES, ...PARTNER_TYPES];
