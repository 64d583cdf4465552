import { z } from 'zod';

/** The Manage External Codes tool (spec 3 §2.4, §3 "Job code mapping", §5, §7, §8). */

export const EXTERNAL_CODE_MESSAGES = {
  /** Spec 3 §5 and §8. */
  searchTooShort: 'Please enter min 3 characters to search',
  searchNotValid: 'ViSN/HP Code is not Valid',
  notFound: 'No mapping exists for the given ViSN/Hp Code',
  externalCodeRequired: 'External Code is required',
  externalCodeNotValid: 'External Code is not Valid',
  /** Ours: the form's job code is read-only, so only a tampered call lacks it. */
  jobCodeRequired: 'Job Code is required',
  /** The spec's success notice (wording ours). */
  saved: 'External code saved',
  /** Ours: beside the banner's 'Error occurred from api.' when a save fails on the server. */
  saveFailed: 'The external code could not be saved',
} as const;

export const EXTERNAL_CODE_LABELS = {
  search: 'ViSN/HP Code',
  jobCode: 'Job Code',
  externalCode: 'External Code',
  save: 'Save',
} as const;

/** Spec 3 §9: the search needs at least 3 characters. */
export const JOB_CODE_SEARCH_MIN = 3;
/** Ours: longer than any job code, so a longer search cannot name one. */
export const JOB_CODE_MAX = 30;
/** Spec 3 §5: a job code is letters and digits only. */
export const JOB_CODE_PATTERN = /^[A-Za-z0-9]+$/;
/** Ours: the spec gives the external code a pattern without showing it. */
export const EXTERNAL_CODE_MAX = 20;
/** Ours: letters, digits, '-', '_' and '.', at most 20 (the codes other systems use, e.g. SMR-100.2). */
export const EXTERNAL_CODE_PATTERN = /^[A-Za-z0-9._-]{1,20}$/;

/** One mapping as the tool shows and saves it; `version` is what a save must still find. */
export interface ExternalCodeMapping {
  jobCode: string;
  externalCode: string;
  version: number;
}

/** POST admin/getExternalSMRCodes (spec 3 §7: answers mapping). */
export interface ExternalCodeMappingResponse {
  success: true;
  mapping: ExternalCodeMapping;
}

/** POST admin/saveExternalSMRCodes: the generic answer, with the mapping as saved (its new version). */
export interface SaveExternalCodeResponse {
  success: true;
  message: string;
  mapping: ExternalCodeMapping;
}

/** The search (spec 3 §5): trimmed, at least 3 characters, then letters and digits only. */
export const jobCodeSearchSchema = z
  .string({ error: EXTERNAL_CODE_MESSAGES.searchTooShort })
  .trim()
  .min(JOB_CODE_SEARCH_MIN, EXTERNAL_CODE_MESSAGES.searchTooShort)
  .max(JOB_CODE_MAX, EXTERNAL_CODE_MESSAGES.searchNotValid)
  .regex(JOB_CODE_PATTERN, EXTERNAL_CODE_MESSAGES.searchNotValid);

/** The form's external code (spec 3 §5): required, then our pattern. */
export const externalCodeSchema = z
  .string({ error: EXTERNAL_CODE_MESSAGES.externalCodeRequired })
  .trim()
  .min(1, EXTERNAL_CODE_MESSAGES.externalCodeRequired)
  .regex(EXTERNAL_CODE_PATTERN, EXTERNAL_CODE_MESSAGES.externalCodeNotValid);

export const findExternalCodeSchema = z.object({ jobCode: jobCodeSearchSchema });

/** Spec 3 §7: the code form (jobCode, externalCode); ours: the version shown, so a save never overwrites a newer one. */
export const saveExternalCodeSchema = z.object({
  jobCode: z
    .string({ error: EXTERNAL_CODE_MESSAGES.jobCodeRequired })
    .trim()
    .min(1, EXTERNAL_CODE_MESSAGES.jobCodeRequired)
    .max(JOB_CODE_MAX, EXTERNAL_CODE_MESSAGES.searchNotValid)
    .regex(JOB_CODE_PATTERN, EXTERNAL_CODE_MESSAGES.searchNotValid),
  externalCode: externalCodeSchema,
  version: z.number({ error: 'version is required' }).int().positive().max(2_147_483_647),
});
