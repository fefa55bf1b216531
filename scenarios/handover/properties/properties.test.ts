import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultScratchParent } from '../../../sim/process/scratch.js';
import { tempFolder } from '../../../sim/testing/temp-folder.js';
import { checkHandoverProperty, replayHandoverProperty } from './check-property.js';
import { HANDOVER_PROPERTIES } from './definitions.js';

/** Pinned: the same runs on every machine, so a held property and a found control are facts, not luck. */
const SEED = 2026;
const RUNS = 300;
// Runs in /dev/shm when the machine has it (as `sim handover check` does); replays keep their files in a temp folder.
const scratch = mkdtempSync(join(defaultScratchParent(), 'cutpoint-handover-props-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const kept = tempFolder('handover-replays');

describe('handover properties, pinned seed', () => {
  it.each(HANDOVER_PROPERTIES.filter((property) => property.expect === 'hold'))(
    '$name holds for $protocol, and every fault it depends on fired',
    async (property) => {
      const result = await checkHandoverProperty(property, { runs: RUNS, seed: SEED, scratch: join(scratch, 'hold') });
      expect(result.counterexample?.violation).toBeUndefined();
      expect(result.unfired).toEqual([]);
      expect(result.outcome).toBe('held');
      expect(result.runs).toBe(RUNS);
      for (const kind of property.mustFire) expect(result.tally[kind]).toBeGreaterThan(0);
    },
    120_000,
  );

  it.each(HANDOVER_PROPERTIES.filter((property) => property.expect === 'find'))(
    '$name: fast-check finds the bug, shrinks it small, and its replay keeps the files that show it',
    async (property) => {
      const result = await checkHandoverProperty(property, { runs: RUNS, seed: SEED, scratch: join(scratch, 'find') });
      expect(result.outcome).toBe('found');
      const counterexample = result.counterexample!;
      expect(counterexample.violation).toBeDefined();
      // Shrunk: a reader can follow it by hand.
      const { trial } = counterexample;
      expect(trial.workload.conversations.length).toBeLessThanOrEqual(2);
      expect(trial.workload.conversations.reduce((sum, conversation) => sum + conversation.events.length, 0)).toBeLessThanOrEqual(5);
      expect(trial.crashAtHit.length).toBeLessThanOrEqual(2);
      // The replay line's seed and path give exactly that run again, with its files kept.
      const folder = join(kept, property.name);
      const replay = await replayHandoverProperty(property, { seed: SEED, path: counterexample.path, folder });
      expect(replay?.violation).toEqual(counterexample.violation);
      for (const file of ['orchestrator.db', 'human-queue.db', 'message-channel.db', 'history.jsonl'])
        expect(existsSync(join(folder, file))).toBe(true);
    },
    120_000,
  );
});
