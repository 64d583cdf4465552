import { describe, expect, it } from 'vitest';
import { checkValidationFile, FILE_VALIDATION_MAX_BYTES, FILE_VALIDATION_MESSAGES } from '../../domain/fileValidation';

/** The Upload dialog's checks of the chosen file, before anything is sent (spec 3 §5, §4). */
describe('checkValidationFile', () => {
  it("says 'File is required' when no file is chosen", () => {
    expect(checkValidationFile(null)).toBe('File is required');
    expect(checkValidationFile([])).toBe('File is required');
  });

  it('takes one CSV file of some bytes up to the limit', () => {
    expect(checkValidationFile({ name: 'stock.csv', size: 1 })).toBeNull();
    expect(checkValidationFile({ name: 'STOCK.CSV', size: FILE_VALIDATION_MAX_BYTES })).toBeNull();
    expect(checkValidationFile({ name: 'stock.xlsx', size: 10 })).toBe(FILE_VALIDATION_MESSAGES.notCsv);
    expect(checkValidationFile([{ name: 'a.csv', size: 1 }, { name: 'b.csv', size: 1 }])).toBe('Only one file can be uploaded at a time.');
  });

  it('says an empty file is empty, not that no file was chosen', () => {
    expect(checkValidationFile({ name: 'stock.csv', size: 0 })).toBe('The file is empty');
  });

  it("refuses a file over the limit before it is uploaded, with the spec's 'File is too large'", () => {
    expect(checkValidationFile({ name: 'stock.csv', size: FILE_VALIDATION_MAX_BYTES + 1 })).toBe('File is too large');
  });
});
