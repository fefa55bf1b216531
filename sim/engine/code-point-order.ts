/**
 * Orders two strings by their UTF-16 code units, as `Array.prototype.sort`
 * does by default. Not `localeCompare`: that asks ICU for a collator, which
 * costs a command about 14 ms the first time, and its order depends on the
 * locale, so a sort that feeds a history or a fingerprint would not be the
 * same byte for byte on every machine.
 */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
