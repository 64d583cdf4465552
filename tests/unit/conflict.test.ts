import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { conflictFromError, describeConflict, displayValue, fieldLabel, flatten, isConflictError } from '../../dataProvider/conflict';

const current = { id: 'c1', name: 'Their name', version: 3, modifiedAt: '2026-11-21T10:00:00Z' };

describe('conflictFromError', () => {
  it('recognises a 409 CONFLICT however the error body was mapped', () => {
    const mapped = new HttpError('Someone else changed this record', 409, { code: 'CONFLICT', current });
    expect(conflictFromError(mapped)).toEqual({ code: 'CONFLICT', message: 'Someone else changed this record', current });
    const raw = new HttpError('', 409, { error: { code: 'CONFLICT', message: 'Changed', current } });
    expect(conflictFromError(raw)).toEqual({ code: 'CONFLICT', message: 'Changed', current });
    // A 409 without the record still counts; Reload then simply refetches.
    expect(conflictFromError(new HttpError('Changed', 409, { code: 'CONFLICT' }))?.current).toBeNull();
    expect(conflictFromError(new HttpError('Terminated', 409, { code: 'INVALID_STATUS', current }))?.code).toBe('INVALID_STATUS');
  });

  it('ignores every other error', () => {
    expect(isConflictError(new HttpError('Email Id already exists', 400, { code: 'VALIDATION', errors: { email: 'x' } }))).toBe(false);
    expect(isConflictError(new HttpError('Forbidden', 403, { code: 'FORBIDDEN' }))).toBe(false);
    expect(isConflictError(new HttpError('Other', 409, { code: 'DUPLICATE' }))).toBe(false);
    expect(isConflictError(new Error('boom'))).toBe(false);
    expect(isConflictError(null)).toBe(false);
    expect(isConflictError('409')).toBe(false);
  });
});

describe('describeConflict', () => {
  const previous = { id: 'c1', name: 'Acme', email: 'a@acme.example', version: 2, address: { town: 'Leeds', postcode: 'LS1 1AA' }, tags: ['x'] };

  it('lists what someone else changed, and marks the fields both people changed differently', () => {
    const now = { ...previous, name: 'Acme Ltd', version: 3, modifiedAt: 'later', address: { town: 'York', postcode: 'LS1 1AA' }, tags: ['x', 'y'] };
    const typed = { ...previous, name: 'Acme Leasing', address: { town: 'Leeds', postcode: 'LS2 2BB' } };
    expect(describeConflict(previous, now, typed)).toEqual([
      { field: 'address.town', was: 'Leeds', now: 'York', clash: false },
      { field: 'name', was: 'Acme', now: 'Acme Ltd', yours: 'Acme Leasing', clash: true },
      { field: 'tags', was: ['x'], now: ['x', 'y'], clash: false },
    ]);
  });

  it('does not call it a clash when both made the same change, and skips server-managed columns', () => {
    const now = { ...previous, email: 'ops@acme.example', version: 3, modifiedBy: 'someone' };
    const typed = { ...previous, email: 'ops@acme.example' };
    expect(describeConflict(previous, now, typed)).toEqual([
      { field: 'email', was: 'a@acme.example', now: 'ops@acme.example', yours: 'ops@acme.example', clash: false },
    ]);
  });

  it('treats empty values alike and copes with a missing record', () => {
    expect(describeConflict({ a: null }, { a: '' }, {})).toEqual([]);
    expect(describeConflict(previous, null, {})).toEqual([]);
  });
});

describe('labels and values', () => {
  it('flattens nested blocks to dotted paths', () => {
    expect(flatten({ a: 1, b: { c: 2, d: { e: [1] } }, f: {} })).toEqual({ a: 1, 'b.c': 2, 'b.d.e': [1], f: {} });
  });
  it('reads field paths as words', () => {
    expect(fieldLabel('billingAddress.postCode')).toBe('Billing address › Post code');
    expect(fieldLabel('vat_number')).toBe('Vat number');
  });
  it('shows values plainly', () => {
    expect(displayValue(null)).toBe('(empty)');
    expect(displayValue(true)).toBe('On');
    expect(displayValue(12)).toBe('12');
    expect(displayValue({ a: 'x'.repeat(100) })).toHaveLength(78);
  });
});
