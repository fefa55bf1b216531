/**
 * The library's checks of its options, the same bounds the CLI's parsers
 * (sim/cli/options.ts) put on the flags they stand for: a value out of them
 * is one sentence naming the call and the option, thrown as a TypeError,
 * never a value that runs (a fractional `runs` once never ended) or a
 * message from deep inside the engine.
 */

/** A value as a refusal shows it: a string quoted. */
export function describe(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

/** A whole number in [min, max]; undefined (the option left out) passes. */
export function checkWhole(call: string, option: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
    throw new TypeError(`${call}: ${option} must be a whole number from ${min} to ${max}; got ${describe(value)}`);
}

/** A fast-check seed: a 32-bit integer, as `sim check --seed` takes it. */
export function checkSeed(call: string, value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < -(2 ** 31) || value > 2 ** 32 - 1)
    throw new TypeError(`${call}: seed must be an integer from ${-(2 ** 31)} to ${2 ** 32 - 1}; got ${describe(value)}`);
}

/** One of the listed words; undefined passes. */
export function checkChoice(call: string, option: string, value: unknown, valid: readonly string[]): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || !valid.includes(value))
    throw new TypeError(`${call}: ${option} must be ${valid.map((v) => `'${v}'`).join(' or ')}; got ${describe(value)}`);
}
