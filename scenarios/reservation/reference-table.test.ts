import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLASSIC_CUTS } from '../../protocols/reservation/cuts.js';
import { findProtocol } from '../../protocols/reservation/registry.js';
import { runCase } from '../../sim/engine/run-case.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { EXPECTED_EFFECTS } from './reference-table.js';
import { reservationFamily } from '../../sim/families/reservation/family.js';
import { referenceEffectsOnDisk } from '../../sim/testing/read-warehouse.js';

const root = tempFolder('table');
const cases = Object.entries(EXPECTED_EFFECTS).flatMap(([protocol, row]) =>
  row.map((expected, index) => ({ protocol, index, cut: CLASSIC_CUTS[index] as string, expected })),
);

describe('the reference table, every cell measured', () => {
  it('has 15 cases', () => expect(cases).toHaveLength(15));

  it.each(cases)('$protocol: crash at $cut (cut $index) leaves $expected effect(s)', async ({ protocol, index, cut, expected }) => {
    const folder = join(root, protocol, `cut-${index}`);
    const result = await runCase({
      protocol: findProtocol(protocol)!,
      family: reservationFamily,
      folder,
      cut: { index, name: cut },
    });

    expect(result.error).toBeUndefined();
    expect(referenceEffectsOnDisk(join(folder, 'warehouse.db'))).toBe(expected);
    // The fault fired: the crash was injected at this cut in the first attempt, and the history says so.
    expect(result.cutFired).toBe(true);
    expect(result.lives[0]).toMatchObject({ index: 0, ended: 'crashed', crash: { cut } });
    expect(result.lives.at(-1)?.ended).toBe('completed');
    const crashes = readFileSync(join(folder, 'history.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((event) => event.type === 'crash');
    expect(crashes).toEqual([expect.objectContaining({ life: 0, op: cut })]);
  });
});
