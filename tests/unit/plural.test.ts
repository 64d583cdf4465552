import { describe, expect, it } from 'vitest';
import { counted, plural } from '../../domain/plural';
import { logSummary } from '../../domain/network/format';
import { validationStatusText } from '../../domain/fileValidation';
import { IMPORT_MESSAGES } from '../../domain/contractImport';

describe('counts in messages', () => {
  it('puts the noun in the singular for one and in the plural otherwise', () => {
    expect(counted(1, 'row')).toBe('1 row');
    expect(counted(0, 'row')).toBe('0 rows');
    expect(counted(3, 'problem')).toBe('3 problems');
    expect(counted(2, 'enquiry', 'enquiries')).toBe('2 enquiries');
    expect(plural(1, 'needs', 'need')).toBe('needs');
    expect(plural(4, 'needs', 'need')).toBe('need');
  });

  it('sums up a validation log in the right number', () => {
    expect(logSummary(3, 1, 'problem')).toBe('1 problem in 3 rows');
    expect(logSummary(1, 1, 'error')).toBe('1 error in 1 row');
    expect(logSummary(7, 7, 'error')).toBe('7 errors in 7 rows');
    expect(logSummary(0, 1, 'problem')).toBe('1 problem in 0 rows');
    expect(logSummary(1, 0, 'problem')).toBe('The 1 row is valid');
    expect(logSummary(3, 0, 'error')).toBe('All 3 rows are valid');
  });

  it('says one problem and one stock record in the singular', () => {
    expect(validationStatusText({ processIndicator: 'SUCCESS', validationStatus: false, errorCount: 1 })).toBe('Invalid (1 problem)');
    expect(validationStatusText({ processIndicator: 'SUCCESS', validationStatus: false, errorCount: 2 })).toBe('Invalid (2 problems)');
    expect(IMPORT_MESSAGES.done({ processedRecordCount: 1 } as never, { success: 1, noChange: 0, skipped: 0 } as never)).toBe('Processed 1 stock record: 1 applied, 0 unchanged, 0 skipped');
  });
});
