import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../../sim/testing/temp-folder.js';
import { DEFAULT_BOUNDS } from './arbitraries.js';
import { checkReservationProperty, type PropertyResult, type StoreKind } from './check-property.js';
import { PROPERTY_DEFINITIONS } from './definitions.js';

/*
 * `sim check` runs the reservation family on in-memory stores by default
 * because they are as faithful as files for its trials: every property, at
 * one seed, ends the same on both media, with the same verdict, the same runs
 * and shrinks, the same counterexample and the same count of every fault.
 */
const SEED = 20261204;
const RUNS = 60;
const scratch = tempFolder('store-equivalence');

/** What a property's check says, less what only the clock decides (its time and speed) and the medium's own name. */
function verdictAndFaults(result: PropertyResult) {
  return {
    outcome: result.outcome,
    passed: result.passed,
    runs: result.runs,
    shrinks: result.shrinks,
    tally: result.tally,
    unfired: result.unfired,
    counterexample: result.counterexample && {
      path: result.counterexample.path,
      violation: result.counterexample.violation,
      trial: result.counterexample.trial,
    },
  };
}

const check = (definition: (typeof PROPERTY_DEFINITIONS)[number], store: StoreKind) =>
  checkReservationProperty(definition, { runs: RUNS, seed: SEED, bounds: DEFAULT_BOUNDS, store, scratch });

describe('memory stores are as faithful as files for the reservation properties', () => {
  it.each(PROPERTY_DEFINITIONS.map((definition) => ({ name: definition.name, definition })))(
    '$name: the same verdict, counterexample and fault counts on both media',
    async ({ definition }) => {
      const file = await check(definition, 'file');
      const memory = await check(definition, 'memory');
      expect(file.store).toBe('file');
      expect(memory.store).toBe('memory');
      expect(verdictAndFaults(memory)).toEqual(verdictAndFaults(file));
      // Equal because both did the work: each property passes, and a control's bug was found on both.
      expect(file.passed).toBe(true);
      if (definition.expect === 'find') expect(file.counterexample?.violation).toBeDefined();
      else expect(Object.entries(file.tally).some(([kind, count]) => kind !== 'runs' && count > 0)).toBe(true);
    },
  );
});
