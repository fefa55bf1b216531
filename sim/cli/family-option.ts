import { InvalidArgumentError } from 'commander';
import { DEFAULT_FAMILY, familyNames } from '../families/index.js';

export const FAMILY_OPTION_HELP = `family of side effects: ${familyNames().join(', ')} (default: the family of the built-in protocols named, else ${DEFAULT_FAMILY})`;

/** Commander parser for --family: a known family's name. */
export function familyName(value: string): string {
  if (!familyNames().includes(value)) throw new InvalidArgumentError(`unknown family '${value}'; valid: ${familyNames().join(', ')}.`);
  return value;
}
