import type { AnySuite, PropertyDefinition } from '../check/suite.js';
import { InputError } from '../engine/input-error.js';

/** The named properties, or all; with --protocol, only those that must hold (a control checks its own flawed protocol). */
export function selectProperties(suite: AnySuite, names: string[], protocol: string | undefined): PropertyDefinition<unknown, unknown>[] {
  if (names.length === 0) return suite.properties.filter((p) => protocol === undefined || (p.expect === 'hold' && p.needs === undefined));
  return names.map((name) => {
    const found = suite.properties.find((p) => p.name === name);
    if (!found)
      throw new InputError(
        `unknown property '${name}' in family ${suite.family}; valid: ${suite.properties.map((p) => p.name).join(', ')}.`,
      );
    if (protocol !== undefined && found.expect === 'find')
      throw new InputError(`${name} is a negative control on its own flawed protocol; --protocol goes with the properties that must hold.`);
    return found;
  });
}
