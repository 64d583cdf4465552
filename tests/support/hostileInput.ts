import fc from 'fast-check';

/**
 * Arbitraries of hostile input for property tests: strings with control characters, NULs,
 * unpaired surrogates and long runs; numbers past every range; deep nesting. Values are produced
 * as raw JSON text, because JSON.stringify cannot write 1e400 or 5,000 levels of brackets.
 */

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31mred',
  '\u007f',
  '\u0085',
  '\ud800',
  'x\udfff',
  '\uffff',
  "'; DROP TABLE administrators; --",
  '%00',
  '*',
  '"',
  '`',
  '\\',
  '(((',
  '1e400',
  '-0',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '2026-02-30',
  '=HYPERLINK("http://x")',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
  fc.tuple(fc.constantFrom('a', '\u0000', 'é', ' ', '('), fc.integer({ min: 100, max: 20_000 })).map(([c, n]) => c.repeat(n)),
);

/** Raw JSON number text, including ones no double holds. */
const hostileNumberText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0', '0', '2147483648', '9007199254740993', '0.1'),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
);

const stringText = hostileString.map((s) => JSON.stringify(s));
const deepText = fc.integer({ min: 20, max: 5000 }).chain((n) => fc.constantFrom(`${'['.repeat(n)}${']'.repeat(n)}`, `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`));

/** Any JSON value as text, hostile leaves first. */
export const hostileJsonValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    stringText,
    hostileNumberText,
    fc.constantFrom('true', 'false', 'null'),
    deepText,
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc.dictionary(hostileString.filter((k) => k.length < 50), tie('value'), { maxKeys: 4 }).map(
      (o) => `{${Object.entries(o).map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`,
    ),
  ),
})).value;

export interface HostileBody {
  /** The body as JSON text. */
  text: string;
  /** Its members: name and the JSON text of the value. */
  entries: [string, string][];
}

/** A JSON object body with values at the given keys (a schema's fields) and a few strange ones. */
export function hostileBody(keys: string[]): fc.Arbitrary<HostileBody> {
  const known = keys.length ? fc.subarray(keys) : fc.constant([] as string[]);
  return fc
    .tuple(known, fc.array(hostileJsonValue, { minLength: keys.length, maxLength: keys.length }), fc.dictionary(hostileString.filter((k) => k.length < 50), hostileJsonValue, { maxKeys: 2 }))
    .map(([chosen, values, extra]) => {
      const entries: [string, string][] = chosen.map((k) => [k, values[keys.indexOf(k)]]);
      entries.push(...Object.entries(extra));
      return { text: `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`, entries };
    });
}

/** The same members as a query string: strings as they are, anything else as its JSON text. */
export function asQueryString(body: HostileBody): string {
  return new URLSearchParams(body.entries.map(([k, v]) => [k, v.startsWith('"') ? (JSON.parse(v) as string) : v])).toString();
}

/** Field names of a zod object schema (zod 4 keeps them on `shape`), or none. */
export function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}
