/**
 * Typed length caps (spec 2 §5.1 "Typed length caps"; the customer forms follow the same rule): an
 * input stops taking characters at its limit, as a native maxlength does, so a too-long value can
 * only arrive from outside the console, where the schema calls it '{Field} is not valid'.
 *
 * Unlike maxlength the cap counts the value as stored: `normalize` (a postcode's or phone
 * number's) may remove characters, such as spaces, that then do not count.
 */
export interface LengthCap {
  max: number;
  normalize?: (text: string) => string;
}

/** Code points, so a cap never splits a character made of two UTF-16 units. */
const chars = (s: string): string[] => Array.from(s);

/**
 * What an input holding `previous` keeps when a change would make it `next`: `next` when it fits
 * the cap (or is no longer than `previous`, so shortening is never blocked); otherwise `next` with
 * the inserted text cut to fit, as a browser cuts a paste; `previous` when nothing of it fits.
 */
export function capLength(previous: string, next: string, cap: LengthCap): string {
  const measure = (s: string) => chars(cap.normalize ? cap.normalize(s) : s).length;
  const size = measure(next);
  if (size <= cap.max || size <= measure(previous)) return next;

  // The change as one inserted run: next = head + inserted + tail, with head and tail from previous.
  const a = chars(previous);
  const b = chars(next);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const before = b.slice(0, head).join('');
  const after = b.slice(b.length - tail).join('');
  const inserted = b.slice(head, b.length - tail);
  const withFirst = (k: number) => before + inserted.slice(0, k).join('') + after;

  // The longest part of the insertion that fits; measure grows with k, so search it by halves.
  let lo = 0;
  let hi = inserted.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(withFirst(mid)) <= cap.max) lo = mid;
    else hi = mid - 1;
  }
  const capped = withFirst(lo);
  return measure(capped) <= cap.max || measure(capped) <= measure(previous) ? capped : previous;
}

/** What an input says under itself once its value reaches the cap, so typing does not stop unexplained. */
export const lengthCapHint = (max: number) => `Up to ${max} characters`;

/** True when the value has reached its cap (the input then shows lengthCapHint). */
export function atLengthCap(value: string, cap: LengthCap): boolean {
  return chars(cap.normalize ? cap.normalize(value) : value).length >= cap.max;
}
