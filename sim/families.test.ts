import { describe, expect, it } from 'vitest';
import { FAMILY_CATALOGUE, loadFamily } from './family-catalogue.js';
import { FAMILIES } from './families.js';

describe('the family catalogue (what a command parses its options against before loading one family)', () => {
  it('names every family of families.ts, in order, each with its built-in protocols in order', () => {
    expect(FAMILY_CATALOGUE.map((entry) => ({ name: entry.name, protocols: entry.protocolNames }))).toEqual(
      FAMILIES.map((family) => ({ name: family.name, protocols: family.protocols.map((entry) => entry.protocol.name) })),
    );
  });

  it('loads the very family value families.ts holds, and nothing for an unknown name', async () => {
    for (const family of FAMILIES) expect(await loadFamily(family.name)).toBe(family);
    expect(await loadFamily('reservations')).toBeUndefined();
  });
});
