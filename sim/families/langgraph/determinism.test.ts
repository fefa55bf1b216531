import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCase, type AnyFamily } from '../../engine/run-case.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { langgraphFamily } from './family.js';

const folder = tempFolder('langgraph-determinism');
const family = langgraphFamily as unknown as AnyFamily;

describe('the same case twice', () => {
  for (const { protocol } of langgraphFamily.protocols) {
    it(`${protocol.name}: the same history and the same orchestrator rows, LangGraph's clock-drawn ids ranked`, async () => {
      const [one, two] = await Promise.all(
        ['one', 'two'].map((run) =>
          runCase({ family, protocol, folder: join(folder, protocol.name, run), cut: { index: 0, name: 'effect-applied' } }),
        ),
      );
      expect(one?.error).toBeUndefined();
      expect(one?.localState.checkpoints?.[0]).toEqual({ checkpoint: 'checkpoint#1', parent: null });
      expect(two?.localState).toEqual(one?.localState);
      expect(readFileSync(two?.files.history ?? '', 'utf8')).toBe(readFileSync(one?.files.history ?? '', 'utf8'));
    });
  }
});
