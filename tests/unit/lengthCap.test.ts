import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { atLengthCap, capLength, lengthCapHint } from '../../domain/lengthCap';
import { normalizePhone } from '../../domain/formats';
import { customerLengthCaps, customerTextRules } from '../../domain/customers';

describe('capLength: typing stops at the cap', () => {
  const cap = { max: 5 };
  it('takes a change that fits', () => {
    expect(capLength('Hell', 'Hello', cap)).toBe('Hello');
  });
  it('refuses a character typed at the cap, wherever the caret is', () => {
    expect(capLength('Hello', 'Hello!', cap)).toBe('Hello');
    expect(capLength('Hello', 'HeXllo', cap)).toBe('Hello');
  });
  it('cuts a paste to what fits, as a browser does, keeping the text around it', () => {
    expect(capLength('', 'Hello world', cap)).toBe('Hello');
    expect(capLength('ab', 'aXYZWb', { max: 4 })).toBe('aXYb');
  });
  it('never blocks shortening a value that is already over the cap', () => {
    expect(capLength('abcdefg', 'abcdef', cap)).toBe('abcdef');
    // A selection replaced by a longer text: the part that fits (here none) goes in.
    expect(capLength('abcdef', 'abXYZef', { max: 4 })).toBe('abef');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(capLength('', '😀😀😀', { max: 2 })).toBe('😀😀');
    expect(capLength('', 'Zoë Ñúñez', { max: 9 })).toBe('Zoë Ñúñez');
  });
  it('counts a normalised value as stored: the spaces of a phone number do not count', () => {
    const phone = { max: 13, normalize: normalizePhone };
    expect(capLength('', '+353 87 123 4567', phone)).toBe('+353 87 123 4567');
    expect(capLength('', '+353 87 123 45678', phone)).toBe('+353 87 123 4567');
    expect(capLength('+353 87 123 4567', '+353 87 123 4567 ', phone)).toBe('+353 87 123 4567 ');
    expect(capLength('+353 87 123 4567', '+353 87 123 45678', phone)).toBe('+353 87 123 4567');
  });
  it('never returns more than the cap from a value within it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 60 }), fc.integer({ min: 1, max: 30 }), (start, next, max) => {
        const previous = Array.from(start).slice(0, max).join('');
        const out = capLength(previous, next, { max });
        return Array.from(out).length <= max;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the cap says so', () => {
  it('is reached at max characters, counted as stored', () => {
    expect(atLengthCap('abcd', { max: 5 })).toBe(false);
    expect(atLengthCap('abcde', { max: 5 })).toBe(true);
    expect(atLengthCap('020 7946 0000', { max: 11, normalize: normalizePhone })).toBe(true);
    expect(lengthCapHint(20)).toBe('Up to 20 characters');
  });
});

describe('customer form caps', () => {
  it('cap every text rule at its limit, and the config texts at theirs', () => {
    for (const country of ['UK', 'IE'] as const) {
      const caps = customerLengthCaps(country);
      for (const [path, rule] of Object.entries(customerTextRules(country))) expect(caps[path]?.max).toBe(rule.max);
      expect(caps['config.customerInfo.title'].max).toBe(75);
      expect(caps['config.customerInfo.description'].max).toBe(500);
      expect(caps['config.webLink.instructions'].max).toBe(500);
    }
    expect(customerLengthCaps('UK')['address.postCode'].max).toBe(10);
    expect(customerLengthCaps('IE')['address.postCode'].max).toBe(7);
    expect(customerLengthCaps('IE')['config.customerInfo.phoneNumber'].max).toBe(13);
  });
});
