import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refundKeyedByCall } from '../../../protocols/openai-agents/refund-keyed-by-call.js';
import { ticketWithoutKey } from '../../../protocols/openai-agents/ticket-without-key.js';
import { runCase, type AnyFamily } from '../../engine/run-case.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { openaiAgentsFamily } from './family.js';

const folder = tempFolder('openai-agents-determinism');
const family = openaiAgentsFamily as unknown as AnyFamily;

describe('the same case twice', () => {
  for (const protocol of [refundKeyedByCall, ticketWithoutKey]) {
    it(`${protocol.name}: the same history and the same saved RunStates, byte for byte`, async () => {
      const [one, two] = await Promise.all(
        ['one', 'two'].map((run) => runCase({ family, protocol, folder: join(folder, protocol.name, run), cut: { index: 2, name: 'state-save' } })),
      );
      expect(one?.error).toBeUndefined();
      // The first life saved the interrupted run, the second its resume: each save is the SDK's own JSON.
      expect(one?.localState.run_states?.map((row) => [row.life, row.interruptions, row.final])).toEqual([
        [0, 1, 0],
        [1, 0, 1],
      ]);
      expect(JSON.parse(String(one?.localState.run_states?.[0]?.state)).currentAgent).toEqual({ name: 'Triage' });
      expect(two?.localState).toEqual(one?.localState);
      expect(readFileSync(two?.files.history ?? '', 'utf8')).toBe(readFileSync(one?.files.history ?? '', 'utf8'));
    });
  }
});
