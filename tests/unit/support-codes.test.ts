import { describe, expect, it } from 'vitest';
import {
  CATEGORY_COLUMNS,
  EXTERNAL_CODE_LABELS,
  EXTERNAL_CODE_MESSAGES,
  externalCodeSchema,
  findExternalCodeSchema,
  jobCodeSearchSchema,
  saveExternalCodeSchema,
} from '../../domain/support';

/** Show Categories and Manage External Codes (domain/support/categories.ts, externalCodes.ts), against spec 3 §2.4, §5, §8, §9. */

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0].message);
const FORM = { jobCode: 'SMR001', externalCode: 'X4100', version: 1 };

describe('the spec texts (§2.4, §5, §8)', () => {
  it('external code messages and labels', () => {
    expect(EXTERNAL_CODE_MESSAGES).toMatchObject({
      searchTooShort: 'Please enter min 3 characters to search',
      searchNotValid: 'ViSN/HP Code is not Valid',
      notFound: 'No mapping exists for the given ViSN/Hp Code',
      externalCodeRequired: 'External Code is required',
      externalCodeNotValid: 'External Code is not Valid',
    });
    expect(EXTERNAL_CODE_LABELS).toEqual({ search: 'ViSN/HP Code', jobCode: 'Job Code', externalCode: 'External Code', save: 'Save' });
  });

  it('the categories table shows Name and Id', () => {
    expect(Object.values(CATEGORY_COLUMNS)).toEqual(['Name', 'Id']);
  });
});

describe('jobCodeSearchSchema (§5: at least 3 characters, letters and digits only)', () => {
  it.each([
    ['SMR001', 'SMR001'],
    ['smr001', 'smr001'],
    ['  BRK002 ', 'BRK002'],
    ['AC1', 'AC1'],
    ['123', '123'],
    ['A'.repeat(30), 'A'.repeat(30)],
  ])('%j is searched as %j', (typed, searched) => {
    expect(jobCodeSearchSchema.parse(typed)).toBe(searched);
  });

  it.each([
    ['', EXTERNAL_CODE_MESSAGES.searchTooShort],
    ['   ', EXTERNAL_CODE_MESSAGES.searchTooShort],
    ['AB', EXTERNAL_CODE_MESSAGES.searchTooShort],
    [' AB ', EXTERNAL_CODE_MESSAGES.searchTooShort],
    ['A-', EXTERNAL_CODE_MESSAGES.searchTooShort],
    ['SMR-001', EXTERNAL_CODE_MESSAGES.searchNotValid],
    ['SMR 001', EXTERNAL_CODE_MESSAGES.searchNotValid],
    ['SMR_001', EXTERNAL_CODE_MESSAGES.searchNotValid],
    ['SMR.01', EXTERNAL_CODE_MESSAGES.searchNotValid],
    ['SMRé01', EXTERNAL_CODE_MESSAGES.searchNotValid],
    ["SMR'--", EXTERNAL_CODE_MESSAGES.searchNotValid],
    ['A'.repeat(31), EXTERNAL_CODE_MESSAGES.searchNotValid],
  ])('%j is refused: %s', (typed, message) => {
    expect(firstMessage(jobCodeSearchSchema.safeParse(typed))).toBe(message);
  });

  it('a missing or non-text job code in the call is refused as too short, under jobCode', () => {
    for (const jobCode of [undefined, null, 123]) {
      const r = findExternalCodeSchema.safeParse({ jobCode });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]).toMatchObject({ path: ['jobCode'], message: EXTERNAL_CODE_MESSAGES.searchTooShort });
    }
  });
});

describe('externalCodeSchema (§5: required; ours: letters, digits, "-", "_", ".", at most 20)', () => {
  it.each([
    ['X4100', 'X4100'],
    [' x4100 ', 'x4100'],
    ['SMR-100.2', 'SMR-100.2'],
    ['A_B', 'A_B'],
    ['1', '1'],
    ['Z'.repeat(20), 'Z'.repeat(20)],
  ])('%j is saved as %j', (typed, saved) => {
    expect(externalCodeSchema.parse(typed)).toBe(saved);
  });

  it.each([
    ['', EXTERNAL_CODE_MESSAGES.externalCodeRequired],
    ['   ', EXTERNAL_CODE_MESSAGES.externalCodeRequired],
    ['X 4100', EXTERNAL_CODE_MESSAGES.externalCodeNotValid],
    ['X/4100', EXTERNAL_CODE_MESSAGES.externalCodeNotValid],
    ['X4100!', EXTERNAL_CODE_MESSAGES.externalCodeNotValid],
    ['<b>', EXTERNAL_CODE_MESSAGES.externalCodeNotValid],
    ['Ünï', EXTERNAL_CODE_MESSAGES.externalCodeNotValid],
    ['Z'.repeat(21), EXTERNAL_CODE_MESSAGES.externalCodeNotValid],
  ])('%j is refused: %s', (typed, message) => {
    expect(firstMessage(externalCodeSchema.safeParse(typed))).toBe(message);
  });
});

describe('saveExternalCodeSchema (§7: the code form, and the version shown)', () => {
  it('takes the job code, the external code (trimmed) and the version', () => {
    expect(saveExternalCodeSchema.parse({ ...FORM, externalCode: ' X4101 ' })).toEqual({ ...FORM, externalCode: 'X4101' });
  });

  it.each([
    [{ jobCode: undefined }, 'jobCode', EXTERNAL_CODE_MESSAGES.jobCodeRequired],
    [{ jobCode: '' }, 'jobCode', EXTERNAL_CODE_MESSAGES.jobCodeRequired],
    [{ jobCode: 'SMR-001' }, 'jobCode', EXTERNAL_CODE_MESSAGES.searchNotValid],
    [{ externalCode: undefined }, 'externalCode', EXTERNAL_CODE_MESSAGES.externalCodeRequired],
    [{ externalCode: '' }, 'externalCode', EXTERNAL_CODE_MESSAGES.externalCodeRequired],
    [{ externalCode: 'X 1' }, 'externalCode', EXTERNAL_CODE_MESSAGES.externalCodeNotValid],
    [{ version: undefined }, 'version', 'version is required'],
  ])('%j is refused under %s: %s', (over, field, message) => {
    const r = saveExternalCodeSchema.safeParse({ ...FORM, ...over });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: [field], message });
  });

  it.each([0, -1, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER, '1'])('refuses the version %j', (version) => {
    expect(saveExternalCodeSchema.safeParse({ ...FORM, version }).success).toBe(false);
  });
});
