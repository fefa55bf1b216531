import { InputError } from './input-error.js';

/** A parser of whole numbers that carries its bounds, so a test can hold every such option's --help to showing them. */
export type WholeNumberParser = ((value: string) => number) & { range: { min: number; max: number } };

/** A whole number in [min, max], or an InputError saying what was expected. */
export function wholeNumberInput(what: string, min: number, max: number): WholeNumberParser {
  const parse = (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InputError(`${what} must be a whole number from ${min} to ${max}; got '${value}'.`);
    }
    return n;
  };
  return Object.assign(parse, { range: { min, max } });
}
