import { describe, expect, it } from 'vitest';
import { FAMILY_ENTRIES, familyInputs, familyNameOfProtocol, findEntry, loadFamily } from './index.js';
import { findFamily, installedFamilies, loadInstalled } from './loaded.js';
import type { FamilyEntry } from './family-entry.js';

describe('the family registry (what a command parses its options against before loading one family)', () => {
  it("each entry names its loaded family's name, summary and built-in protocols, in order", async () => {
    for (const entry of FAMILY_ENTRIES) {
      const family = await entry.load();
      expect({ name: entry.name, summary: entry.summary, protocols: entry.protocolNames }).toEqual({
        name: family.name,
        summary: family.summary,
        protocols: family.protocols.map((listed) => listed.protocol.name),
      });
    }
  });

  it('loads the very family value the library lists, and nothing for an unknown name', async () => {
    const families = await installedFamilies();
    expect(families.map((family) => family.name)).toEqual(FAMILY_ENTRIES.map((entry) => entry.name));
    for (const family of families) {
      expect(await loadFamily(family.name)).toBe(family);
      expect(await findFamily(family.name)).toBe(family);
    }
    expect(await loadFamily('reservations')).toBeUndefined();
    expect(await findFamily('reservations')).toBeUndefined();
  });

  it("leaves out of every family at once a framework family whose peer packages are not installed, without loading it", async () => {
    const [reservation] = FAMILY_ENTRIES;
    let loads = 0;
    const framework: FamilyEntry = {
      name: 'framework',
      summary: 'a family on a package the user did not install',
      protocolNames: [],
      peers: ['cutpoint-no-such-package', 'better-sqlite3'],
      load: async () => {
        loads++;
        throw new Error('a missing peer package');
      },
    };
    const installed = (name: string) => name === 'better-sqlite3';
    const loaded = await loadInstalled([reservation!, framework], installed);
    expect(loaded.map((family) => family.name)).toEqual([reservation!.name]);
    expect(loads).toBe(0);
    // The same entry with its packages installed is loaded.
    await expect(loadInstalled([framework], () => true)).rejects.toThrow('a missing peer package');
    expect(loads).toBe(1);
  });

  it('names, before loading, the receivers each family serves (only they are loaded by sim serve and the transports)', async () => {
    for (const family of await installedFamilies())
      expect([...(findEntry(family.name)?.servedReceivers ?? [])], family.name).toEqual(Object.keys(family.serving ?? {}));
  });

  it('knows every built-in protocol by its family, each in one family only', () => {
    const names = FAMILY_ENTRIES.flatMap((entry) => entry.protocolNames);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of FAMILY_ENTRIES) for (const name of entry.protocolNames) expect(familyNameOfProtocol(name)).toBe(entry.name);
  });

  it("gives each command the families' own options once, with the family that owns each", () => {
    const table = familyInputs('table').map(({ family, input }) => [family, input.flag]);
    expect(table).toEqual(
      FAMILY_ENTRIES.flatMap((entry) => (entry.inputs ?? []).filter((input) => input.commands.includes('table')).map((input) => [entry.name, input.flag])),
    );
    expect(table.length).toBeGreaterThan(0);
    expect(familyInputs('no-such-command')).toEqual([]);
  });
});
