import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as f from '../../domain/formats';

const TODAY = new Date('2026-11-21T12:00:00Z');

describe('UK postcodes', () => {
  it.each(['SW1A 1AA', 'SW1A1AA', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'W1A 0AX', 'EC1A 1BB', 'GIR 0AA', 'BT7 1NN', 'sw1a 1aa'])('accepts %s', (p) => {
    expect(f.isUkPostcode(p)).toBe(true);
  });
  it.each(['', 'SW1A', 'QA1 1AA', 'V1 1AA', 'X1 1AA', 'SW1A 1CA', 'SW1A  1AA', '1AA SW1', 'AA1 1AAA', 'D02 X285', 'EC1A 1BI'])('rejects %s', (p) => {
    expect(f.isUkPostcode(p)).toBe(false);
  });
  it('formats with one space before the inward code', () => {
    expect(f.formatPostcode('sw1a1aa', 'en_GB')).toBe('SW1A 1AA');
    expect(f.formatPostcode('m11ae', 'en_GB')).toBe('M1 1AE');
    expect(f.formatPostcode('EC1A1BB', 'en_GB')).toBe('EC1A 1BB');
    expect(f.formatPostcode('GIR0AA', 'en_GB')).toBe('GIR 0AA');
    expect(f.formatPostcode('SW1A 1AA', 'en_GB')).toBe('SW1A 1AA');
    expect(f.normalizePostcode(' sw1a 1aa ')).toBe('SW1A1AA');
  });
});

describe('Eircodes', () => {
  it.each(['D02 X285', 'D02X285', 'A65 F4E2', 'T12 XHK5', 'D6W 1234', 'H91 E2K3', 'd02 x285'])('accepts %s', (p) => {
    expect(f.isEircode(p)).toBe(true);
    expect(f.isPostcode(p, 'en_IE')).toBe(true);
  });
  it.each(['', 'D02', 'B02 X285', 'D02 X28', 'D02 XB85', 'D02 X2851', 'SW1A 1AA', 'D6X 1234'])('rejects %s', (p) => {
    expect(f.isEircode(p)).toBe(false);
  });
  it('formats after the routing key', () => {
    expect(f.formatPostcode('d02x285', 'en_IE')).toBe('D02 X285');
    expect(f.formatPostcode('D6W1234', 'en_IE')).toBe('D6W 1234');
    expect(f.formatPostcode(' A65 F4E2 ', 'en_IE')).toBe('A65 F4E2');
  });
  it('shows text that is not a code of the locale as it is, trimmed', () => {
    expect(f.formatPostcode('SW1A1AA', 'en_IE')).toBe('SW1A1AA');
    expect(f.formatPostcode(' not known ', 'en_GB')).toBe('not known');
    expect(f.formatPostcode(null, 'en_GB')).toBe('');
  });
});

describe('phone numbers', () => {
  it.each(['01614960123', '0161 496 0123', '02079460123', '+44 20 7946 0123', '07700900123', '0113 496 0000', '03001234567', '0800123456', '08001234567', '016977 3456'])('accepts UK %s', (p) => {
    expect(f.isUkPhone(p)).toBe(true);
  });
  it.each(['', '1614960123', '0161496012', '020794601234', '04012345678', '+4407700900123', '07700 9001', 'phone', '06123456789'])('rejects UK %s', (p) => {
    expect(f.isUkPhone(p)).toBe(false);
  });
  it('tells UK mobiles', () => {
    expect(f.isUkMobile('07700900123')).toBe(true);
    expect(f.isUkMobile('+447700900123')).toBe(true);
    expect(f.isUkMobile('07612345678')).toBe(false);
    expect(f.isUkMobile('01614960123')).toBe(false);
  });
  it.each(['014961234', '01 496 1234', '0214961234', '091123456', '0871234567', '+353 87 123 4567', '0831234567', '04112345'])('accepts IE %s', (p) => {
    expect(f.isIePhone(p)).toBe(true);
  });
  it.each(['', '0149612345', '0841234567', '0881234567', '08712345678', '1800123456', '+44 87 123 4567', '0012345'])('rejects IE %s', (p) => {
    expect(f.isIePhone(p)).toBe(false);
  });
  it('tells Irish mobiles', () => {
    expect(f.isIeMobile('0871234567')).toBe(true);
    expect(f.isIeMobile('014961234')).toBe(false);
  });
});

describe('VAT numbers', () => {
  it.each(['GB980780684', '980780684', 'GB 980 7806 84', '434031494', 'GB434031494001', 'GBGD001', 'GBHA599'])('accepts UK %s', (v) => {
    expect(f.isUkVat(v)).toBe(true);
  });
  it.each(['', 'GB980780685', '98078068', 'GB000000000', 'GBGD500', 'GBHA499', 'IE6388047V', 'GB9807806840'])('rejects UK %s', (v) => {
    expect(f.isUkVat(v)).toBe(false);
  });
  it('computes check digits that pass', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{7}$/).filter((s) => s !== '0000000'), (seven) => f.isUkVat(seven + f.ukVatCheckDigits(seven))),
    );
  });
  it.each(['IE6388047V', '6388047V', 'IE 6388047 V', 'IE8Z49289F', 'IE3628739UA', '3628739UA'])('accepts IE %s', (v) => {
    expect(f.isIeVat(v)).toBe(true);
  });
  it.each(['', 'IE6388047W', 'IE638804V', 'IE6388047VZ', 'GB980780684', 'IE8Z49289G'])('rejects IE %s', (v) => {
    expect(f.isIeVat(v)).toBe(false);
  });
  it('computes Irish check letters that pass', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{7}$/), fc.constantFrom('', 'A', 'H', 'W'), (seven, second) =>
        f.isIeVat(`IE${seven}${f.ieVatCheckLetter(seven, second)}${second}`),
      ),
    );
  });
});

describe('company registration numbers', () => {
  it.each(['00445790', '12345678', 'SC123456', 'NI012345', 'OC301234', 'LP012345', 'sc123456'])('accepts UK %s', (v) => {
    expect(f.isUkCompanyNumber(v)).toBe(true);
  });
  it.each(['', '1234567', '123456789', 'XX123456', 'SC12345', 'SC1234567'])('rejects UK %s', (v) => {
    expect(f.isUkCompanyNumber(v)).toBe(false);
  });
  it.each(['1', '104547', '634857'])('accepts IE %s', (v) => expect(f.isIeCompanyNumber(v)).toBe(true));
  it.each(['', '0123', '1234567', 'IE1234'])('rejects IE %s', (v) => expect(f.isIeCompanyNumber(v)).toBe(false));
});

describe('vehicle registrations', () => {
  it.each(['AB12 CDE', 'ab12cde', 'LV76 XYZ', 'BD51 SMR', 'YX26ABC', 'A123 BCD', 'ABC 123D', 'ABC 1', '1 ABC', 'KAZ 1234', 'H1'])('accepts UK %s', (v) => {
    expect(f.isUkVrm(v, TODAY)).toBe(true);
  });
  it.each(['', 'AB77 CDE', 'AB27 CDE', 'AB01 CDE', 'AB50 CDE', 'IA12 CDE', 'QA12 CDE', 'ZA12 CDE', 'AB12 CDI', 'I123 ABC', 'ABCD 123', 'ABC 12345', '12ABCD34'])('rejects UK %s', (v) => {
    expect(f.isUkVrm(v, TODAY)).toBe(false);
  });
  it('follows the age identifier calendar', () => {
    expect(f.latestUkAgeIdentifier(TODAY)).toBe(76);
    expect(f.latestUkAgeIdentifier(new Date('2027-01-10T00:00:00Z'))).toBe(76);
    expect(f.latestUkAgeIdentifier(new Date('2027-03-01T00:00:00Z'))).toBe(27);
    expect(f.isUkVrm('AB26 CDE', new Date('2026-02-28T00:00:00Z'))).toBe(false);
    expect(f.isUkVrm('AB26 CDE', new Date('2026-03-01T00:00:00Z'))).toBe(true);
  });
  it.each(['241-D-12345', '241D12345', '12-D-1', '99-KY-123', '05-WD-4321', '142-WX-9', '251-C-100', '262-G-55'])('accepts IE %s', (v) => {
    expect(f.isIeVrm(v, TODAY)).toBe(true);
  });
  it.each(['', '13-D-1', '271-D-1', '263-D-1', '86-D-1', '241-XX-1', '241-D-0', '241-D-1234567', '15-WD-1', '10-W-1', '241.D.1'])('rejects IE %s', (v) => {
    expect(f.isIeVrm(v, TODAY)).toBe(false);
  });
  it('normalises for search', () => {
    expect(f.normalizeVrm(' ab12 cde ')).toBe('AB12CDE');
    expect(f.normalizeVrm('241-d-12345')).toBe('241D12345');
  });
});

describe('e-mail', () => {
  it.each(['a@b.co', 'jane.smith@fleet.example.com', "o'neill+x@mail.ie"])('accepts %s', (v) => expect(f.isEmail(v)).toBe(true));
  it.each(['', 'a@b', 'a b@c.com', '.a@b.com', 'a..b@c.com', 'a@-b.com', 'a@b.c'])('rejects %s', (v) => expect(f.isEmail(v)).toBe(false));
});

describe('every rule is total', () => {
  const validators = [
    f.isUkPostcode, f.isEircode, f.isUkPhone, f.isUkMobile, f.isIePhone, f.isIeMobile, f.isUkVat, f.isIeVat,
    f.isUkCompanyNumber, f.isIeCompanyNumber, f.isUkVrm, f.isIeVrm, f.isVrm, f.isEmail,
  ] as const;
  const byLocale = [f.isPostcode, f.isPhone, f.isVat, f.isCompanyNumber] as const;
  it('never throws and answers a boolean for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        for (const v of validators) expect(typeof v(s)).toBe('boolean');
        for (const v of byLocale) for (const l of ['en_GB', 'en_IE'] as const) expect(typeof v(s, l)).toBe('boolean');
        expect(typeof f.normalizeVrm(s)).toBe('string');
        expect(typeof f.formatPostcode(s, 'en_GB')).toBe('string');
        expect(typeof f.formatPostcode(s, 'en_IE')).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });
  it('never throws for values that are not strings', () => {
    fc.assert(
      fc.property(fc.anything(), (x) => {
        for (const v of validators) expect(typeof (v as (x: unknown) => boolean)(x)).toBe('boolean');
      }),
    );
  });
  it('accepts what the formatters produce from valid codes', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-PR-UWYZ][0-9] ?[0-9][ABD-HJLNP-UW-Z]{2}$/), (p) => f.isUkPostcode(f.formatPostcode(p, 'en_GB'))),
    );
  });
  it('formats a stored code with exactly one space, before its last three characters (UK) or after its routing key (Ireland)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-PR-UWYZ][A-HK-Y]?[0-9]{1,2}[0-9][ABD-HJLNP-UW-Z]{2}$/), (p) => f.formatPostcode(p, 'en_GB') === `${p.slice(0, -3)} ${p.slice(-3)}`),
    );
    fc.assert(fc.property(fc.stringMatching(/^[AC-FHKNPRTV-Y][0-9]{2}[0-9AC-FHKNPRTV-Y]{4}$/), (p) => f.formatPostcode(p, 'en_IE') === `${p.slice(0, 3)} ${p.slice(3)}`));
  });
});
