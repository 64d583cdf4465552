/**
 * Cell kinds of the network file and of the file validation types, and the formula-injection
 * escaping. Framework-free: the server parses the CSV text into cells; this module turns cells
 * into values and values into cells.
 */
import { isEircode, isEmail, isUkPostcode, isVrm, normalizeVrm, stripSpaces } from '../formats';

/**
 * A cell starting with one of these is run as a formula by spreadsheet programs (and tab, CR, NUL
 * shift or cut cells on import). Such a cell is written with a leading apostrophe.
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '\0'] as const;

// A value made of apostrophes followed by a trigger gets one more apostrophe, so that unescaping
// (remove one apostrophe from apostrophes-then-trigger) gives back exactly what was escaped.
const NEEDS_ESCAPE = /^'*[=+\-@\t\r\0]/;
const ESCAPED = /^'+[=+\-@\t\r\0]/;

/** What the export writes for a text: safe to open in a spreadsheet. */
export function escapeCell(value: string): string {
  return NEEDS_ESCAPE.test(value) ? `'${value}` : value;
}

/** The reverse of escapeCell, applied to every cell the import reads. */
export function unescapeCell(cell: string): string {
  // Most cells do not start with an apostrophe: skip the pattern for them.
  return cell.charCodeAt(0) === 39 && ESCAPED.test(cell) ? cell.slice(1) : cell;
}

/** True when a written cell could start a formula (the export must never write one). */
export function startsWithTrigger(cell: string): boolean {
  return cell.length > 0 && (FORMULA_TRIGGERS as readonly string[]).includes(cell[0]);
}

export type CellKind =
  /** Free text; empty is null. */
  | { type: 'text'; max: number }
  /** 'Yes' or 'No' (also accepted: Y/N, TRUE/FALSE, 1/0, any case). */
  | { type: 'yesNo' }
  /** Money in pounds or euros with up to 2 decimals, held as minor units (× 100). */
  | { type: 'money'; maxMinor: number }
  /** A percentage with up to 2 decimals, held as basis points (× 100); below `below` when set. */
  | { type: 'percent'; max: number; belowMessage?: string }
  /** A date: written DD/MM/YYYY, read as DD/MM/YYYY or YYYY-MM-DD; held as YYYY-MM-DD. */
  | { type: 'date'; notFuture?: boolean }
  /** One of a fixed list (exact, case-insensitive on read). */
  | { type: 'choice'; values: readonly string[] }
  /** A whole number from min to max. */
  | { type: 'integer'; min: number; max: number }
  /** A UK or Irish registration, held without spaces, upper-case. */
  | { type: 'vrm' }
  /** An e-mail address, held without spaces. */
  | { type: 'email' }
  /** A UK postcode or an Eircode, held upper-case. */
  | { type: 'postcode' }
  /** Text of a pattern (anchored); `hint` completes '{label} must be …' ('a 17-character VIN'). */
  | { type: 'pattern'; pattern: RegExp; hint: string; max: number };

export type CellValue = string | number | boolean | null;

export type CellResult = { value: CellValue } | { error: string };

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);
/** Up to 6 integer digits and 2 decimals (spec money inputs), thousands commas allowed. */
const AMOUNT = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/** Plain amounts (no thousands commas), the common case, read without splitting strings. */
const PLAIN_AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

function decimalToHundredths(text: string): number {
  const plain = PLAIN_AMOUNT.exec(text);
  if (plain) return Number(plain[1]) * 100 + (plain[2] === undefined ? 0 : plain[2].length === 1 ? Number(plain[2]) * 10 : Number(plain[2]));
  const [int, frac = ''] = text.replace(/,/g, '').split('.');
  return Number(int) * 100 + Number((frac + '00').slice(0, 2));
}

const pad = (n: number) => String(n).padStart(2, '0');

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Arithmetic rather than a Date per cell: a large file has dates in every row. */
function validDate(y: number, m: number, d: number): boolean {
  if (y < 1900 || m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]);
}

/** A choice's values by their lower case, made once per kind. */
const choiceMaps = new WeakMap<readonly string[], Map<string, string>>();
function choiceOf(values: readonly string[], text: string): string | undefined {
  let map = choiceMaps.get(values);
  if (!map) choiceMaps.set(values, (map = new Map(values.map((v) => [v.toLowerCase(), v]))));
  return map.get(text.toLowerCase());
}

/** The Date of a YYYY-MM-DD day, made once per day rather than once per cell of a large file. */
let lastDay = '';
let lastDate = new Date(0);
function dayOf(today: string): Date {
  if (today !== lastDay) {
    lastDay = today;
    lastDate = new Date(`${today}T00:00:00Z`);
  }
  return lastDate;
}

/** Parses one (unescaped, trimmed) cell. `label` names the column in messages; `today` is YYYY-MM-DD. */
export function parseCell(kind: CellKind, label: string, raw: string, required: boolean, today: string): CellResult {
  const text = raw.trim();
  if (text === '') return required ? { error: `${label} is required` } : { value: null };
  switch (kind.type) {
    case 'text':
      return text.length > kind.max ? { error: `${label} must be at most ${kind.max} characters` } : { value: text };
    case 'yesNo': {
      const lower = text.toLowerCase();
      if (YES.has(lower)) return { value: true };
      if (NO.has(lower)) return { value: false };
      return { error: `${label} must be Yes or No` };
    }
    case 'money': {
      const first = text.charCodeAt(0);
      const amount = first === 163 || first === 8364 ? text.slice(1) : text;
      if (!PLAIN_AMOUNT.test(amount) && !AMOUNT.test(amount)) return { error: `${label} is not a valid amount` };
      const minor = decimalToHundredths(amount);
      if (minor > kind.maxMinor) return { error: `${label} must be at most ${formatHundredths(kind.maxMinor)}` };
      return { value: minor };
    }
    case 'percent': {
      const amount = text.replace(/%$/, '').trim();
      if (!AMOUNT.test(amount)) return { error: `${label} is not a valid percentage` };
      const bp = decimalToHundredths(amount);
      if (kind.belowMessage && bp >= kind.max * 100) return { error: kind.belowMessage };
      if (bp > kind.max * 100) return { error: `${label} must be at most ${kind.max}` };
      return { value: bp };
    }
    case 'date': {
      let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      let iso: string | null = null;
      if (m && validDate(+m[3], +m[2], +m[1])) iso = `${m[3]}-${pad(+m[2])}-${pad(+m[1])}`;
      m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      if (m && validDate(+m[1], +m[2], +m[3])) iso = text;
      if (!iso) return { error: `${label} is not a valid date (DD/MM/YYYY)` };
      if (kind.notFuture && iso > today) return { error: `${label} cannot be in the future` };
      return { value: iso };
    }
    case 'choice': {
      const found = choiceOf(kind.values, text);
      return found ? { value: found } : { error: `${label} must be one of ${kind.values.join(', ')}` };
    }
    case 'integer': {
      if (!/^-?\d{1,15}$/.test(text)) return { error: `${label} must be a whole number` };
      const n = Number(text);
      return n < kind.min || n > kind.max ? { error: `${label} must be from ${kind.min} to ${kind.max}` } : { value: n };
    }
    case 'vrm': {
      const vrm = normalizeVrm(text);
      return vrm.length <= 10 && isVrm(vrm, dayOf(today)) ? { value: vrm } : { error: `${label} is not a valid registration` };
    }
    case 'email': {
      const email = stripSpaces(text);
      return email.length <= 100 && isEmail(email) ? { value: email } : { error: `${label} is not a valid e-mail address` };
    }
    case 'postcode': {
      const code = text.toUpperCase();
      return code.length <= 8 && (isUkPostcode(code) || isEircode(code)) ? { value: code } : { error: `${label} is not a valid postcode` };
    }
    case 'pattern':
      return text.length <= kind.max && kind.pattern.test(text) ? { value: text } : { error: `${label} must be ${kind.hint}` };
  }
}

/** 5485 → '54.85' (no thousands separator: spreadsheets read it back as a number). */
export function formatHundredths(n: number): string {
  return `${Math.floor(n / 100)}.${pad(n % 100)}`;
}

/** Writes one value as its cell text (before escaping). */
export function formatCell(kind: CellKind, value: CellValue): string {
  if (value === null || value === undefined) return '';
  switch (kind.type) {
    case 'yesNo':
      return value ? 'Yes' : 'No';
    case 'money':
    case 'percent':
      return formatHundredths(Number(value));
    case 'date': {
      const [y, m, d] = String(value).split('-');
      return `${d}/${m}/${y}`;
    }
    default:
      return String(value);
  }
}
