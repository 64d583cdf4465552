/**
 * What every input must satisfy before any schema sees it: checked once at the edge for every
 * slug (server/rpc/guard.ts) and every search parameter (server/search/params.ts).
 *
 * - Text: no control characters other than tab, line feed and carriage return (a NUL reaches
 *   PostgreSQL as "invalid byte sequence for encoding UTF8"; the others are invisible junk), and
 *   no unpaired UTF-16 surrogate (it would be stored as U+FFFD, silently changing the value).
 * - Numbers: finite (JSON's 1e400 parses to Infinity).
 * - Nesting: at most MAX_INPUT_DEPTH objects or arrays deep, walked without recursion, so a
 *   hostile body cannot exhaust the stack of whatever reads it next.
 */
export const MAX_INPUT_DEPTH = 32;

const FORBIDDEN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INPUT_MESSAGES = {
  text: 'Contains characters that are not allowed',
  number: 'Is not a valid number',
  depth: 'Is nested too deeply',
} as const;

export type InputProblemKind = keyof typeof INPUT_MESSAGES;

export interface InputProblem {
  /** Dotted path of the offending value ('' for the whole input), as form field names are. */
  path: string;
  kind: InputProblemKind;
  message: string;
}

/** True when the text has a character no input may contain. */
export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_TEXT.test(text);
}

/** The first value of `input` that breaks the rules above, or null. Keys are checked as text too. */
export function findInputProblem(input: unknown): InputProblem | null {
  const problem = (path: string, kind: InputProblemKind): InputProblem => ({ path, kind, message: INPUT_MESSAGES[kind] });
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasForbiddenCharacters(value)) return problem(path, 'text');
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return problem(path, 'number');
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return problem(path, 'depth');
      const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
      for (const [key, child] of entries) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasForbiddenCharacters(key)) return problem(childPath, 'text');
        stack.push({ value: child, path: childPath, depth: depth + 1 });
      }
    }
  }
  return null;
}
