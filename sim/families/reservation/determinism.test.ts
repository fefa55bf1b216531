import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROTOCOLS } from '../../../protocols/reservation/registry.js';
import { CLASSIC_CUTS } from '../../../protocols/reservation/cuts.js';
import { reservationFamily } from './family.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { runCase } from '../../engine/run-case.js';

const root = tempFolder('determinism');

describe('determinism', () => {
  it.each(PROTOCOLS.flatMap((protocol) => CLASSIC_CUTS.map((cut, index) => ({ protocol, cut, index }))))(
    '$protocol.name at $cut: the same case twice writes byte-identical history.jsonl',
    async ({ protocol, cut, index }) => {
      const histories = [];
      for (const copy of ['a', 'b']) {
        const folder = join(root, copy, protocol.name, `cut-${index}`);
        await runCase({ protocol, family: reservationFamily, folder, cut: { index, name: cut } });
        histories.push(readFileSync(join(folder, 'history.jsonl')));
      }
      expect(histories[0]?.length).toBeGreaterThan(0);
      expect(histories[0]?.equals(histories[1]!)).toBe(true);
    },
  );
});
