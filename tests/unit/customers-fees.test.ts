import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FEE_MAX_MINOR,
  checkCustomerLogo,
  feeFromInput,
  feeFromMinor,
  maskFeeInput,
  maskedToMinor,
  maskedToRaw,
  minorToMasked,
  minorToRaw,
  pngDimensions,
  rawToMinor,
} from '../../domain/customers';

describe('fee input mask', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['1000', '1,000'],
    ['1234567', '123,456'],
    ['1234567.891', '123,456.89'],
    ['-12', '12'],
    ['12a.3b4', '12.34'],
    ['abc', ''],
    ['0012', '12'],
    ['.5', '0.5'],
    ['12.', '12.'],
    ['1.2.3', '1.23'],
    ['999,999.99', '999,999.99'],
    ['1e5', '15'],
  ])('%j shows %j', (typed, shown) => {
    expect(maskFeeInput(typed)).toBe(shown);
  });

  it.each([
    ['12.50', 12.5, 1250],
    ['1.15', 1.15, 115],
    ['0.29', 0.29, 29],
    ['1,234.56', 1234.56, 123456],
    ['999,999.99', 999999.99, 99999999],
    ['12.', 12, 1200],
    ['0', 0, 0],
    ['', null, null],
    ['1,234.567', null, null],
    ['1234567', null, null],
  ])('%j is raw %j and %j minor units', (masked, raw, minor) => {
    expect(maskedToRaw(masked)).toBe(raw);
    expect(maskedToMinor(masked)).toBe(minor);
  });

  it.each([
    [1.15, 115],
    [0.07, 7],
    [4.35, 435],
    [999999.99, 99999999],
    [-1, null],
    [1.234, null],
    [1_000_000, null],
    [Number.NaN, null],
    [Infinity, null],
    ['12' as unknown as number, null],
  ])('raw %j is %j minor units (decimal text, no float drift)', (raw, minor) => {
    expect(rawToMinor(raw)).toBe(minor);
  });

  it('formats minor units back with two decimals and separators', () => {
    expect(minorToMasked(123456)).toBe('1,234.56');
    expect(minorToMasked(5)).toBe('0.05');
    expect(minorToMasked(null)).toBe('');
    expect(minorToMasked(-1)).toBe('');
    expect(feeFromMinor(1250)).toEqual({ masked: '12.50', raw: 12.5, value: 1250 });
    expect(feeFromInput('12.5')).toEqual({ masked: '12.5', raw: 12.5, value: 1250 });
  });
});

describe('fee properties', () => {
  it('never throw on any input', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        maskFeeInput(v);
        maskedToMinor(v);
        maskedToRaw(v);
        rawToMinor(v);
        minorToMasked(v as number);
        feeFromInput(v);
      }),
      { numRuns: 500 },
    );
  });

  it('minor → masked → minor and masked → minor → masked round-trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: FEE_MAX_MINOR }), (minor) => {
        const masked = minorToMasked(minor);
        expect(maskedToMinor(masked)).toBe(minor);
        expect(maskFeeInput(masked)).toBe(masked);
        expect(rawToMinor(minorToRaw(minor))).toBe(minor);
        expect(minorToMasked(maskedToMinor(masked))).toBe(masked);
      }),
      { numRuns: 2000 },
    );
  });

  it('whatever is typed, the masked text is a valid fee and its three forms agree', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,-ab '.split('')), maxLength: 16 }), (typed) => {
        const fee = feeFromInput(typed);
        expect(maskFeeInput(fee.masked)).toBe(fee.masked);
        if (fee.value === null) {
          expect(fee.masked.replace(/,/g, '')).toBe('');
          return;
        }
        expect(fee.value).toBeGreaterThanOrEqual(0);
        expect(fee.value).toBeLessThanOrEqual(FEE_MAX_MINOR);
        expect(rawToMinor(fee.raw)).toBe(fee.value);
        expect(maskedToMinor(minorToMasked(fee.value))).toBe(fee.value);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('logo bytes', () => {
  const header = (height: number, length = 33) => {
    const b = new Uint8Array(length);
    b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(b.buffer).setUint32(16, 20);
    new DataView(b.buffer).setUint32(20, height);
    return b;
  };
  it.each([
    [header(100), null],
    [header(101), 'Image height should not be more than 100px'],
    [header(10, 100 * 1024), null],
    [header(10, 100 * 1024 + 1), 'Image file size should not be more than 100KB'],
    [new TextEncoder().encode('plain text, named logo.png'), 'Invalid file, please use a png file'],
    [header(0), 'Invalid file, please use a png file'],
    [new Uint8Array(0), 'Invalid file, please use a png file'],
  ])('%#: %s', (bytes, message) => {
    expect(checkCustomerLogo(bytes)).toBe(message);
  });
  it('reads the size from IHDR and never throws', () => {
    expect(pngDimensions(header(64))).toEqual({ width: 20, height: 64 });
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (b) => void checkCustomerLogo(b)));
  });
});
