import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSuiteProperty } from '../../../sim/check/check-property.js';
import { replayProperty } from '../../../sim/check/replay-property.js';
import { createScratch, defaultScratchParent } from '../../../sim/process/scratch.js';
import { tempFolder } from '../../../sim/testing/temp-folder.js';
import { DEFAULT_LANGGRAPH_BOUNDS } from './arbitraries.js';
import { LANGGRAPH_SUITE } from './suite.js';
import type { LangGraphTrial } from './trial.js';

/** Pinned, so `npm test` runs the same trials every time; the fresh-seed tests beside it explore others. */
const SEED = 2026;
const RUNS = 40;

const scratch = createScratch(defaultScratchParent());
afterAll(() => scratch.remove());
const kept = tempFolder('langgraph-replays');

const property = (name: string) => LANGGRAPH_SUITE.properties.find((candidate) => candidate.name === name)!;

function effectRows(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM effects').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('langgraph properties (pinned seed): fast-check plays the model, the human and the crashes', () => {
  it.each(['tool-node-key-from-task', 'approve-then-notify'])(
    'effects-once holds for %s, every fault it depends on fired',
    async (protocol) => {
      const definition = property('effects-once');
      const result = await checkSuiteProperty(
        LANGGRAPH_SUITE,
        { ...definition, protocol },
        {
          runs: RUNS,
          seed: SEED,
          bounds: DEFAULT_LANGGRAPH_BOUNDS,
          store: 'memory',
          scratch: scratch.path,
        },
      );
      expect(result.counterexample?.violation).toBeUndefined();
      expect(result.unfired).toEqual([]);
      expect(result.outcome).toBe('held');
      expect(result.runs).toBe(RUNS);
    },
    120_000,
  );

  it('approve-then-notify meets rejections and tool calls after an interrupt, and holds through them', async () => {
    const result = await checkSuiteProperty(
      LANGGRAPH_SUITE,
      { ...property('effects-once'), protocol: 'approve-then-notify' },
      {
        runs: RUNS,
        seed: SEED,
        bounds: DEFAULT_LANGGRAPH_BOUNDS,
        store: 'memory',
        scratch: scratch.path,
      },
    );
    expect(result.tally['rejections']).toBeGreaterThan(0);
    expect(result.tally['callsAfterInterrupt']).toBeGreaterThan(0);
  }, 120_000);

  it.each([
    // One email more than the same script sends without a crash.
    ['control-tool-node-without-key', /took effect (\d+) times; (\d+) without a crash$/],
    // More emails without a crash than the model asked for: the resume re-runs the node.
    ['control-notify-then-approve', /took effect (\d+) times without a crash; the model asked (\d+)$/],
  ])(
    '%s: found, and its replay keeps effects.db with the extra email',
    async (name, words) => {
      const definition = property(name);
      const result = await checkSuiteProperty(LANGGRAPH_SUITE, definition, {
        runs: RUNS,
        seed: SEED,
        bounds: DEFAULT_LANGGRAPH_BOUNDS,
        store: 'memory',
        scratch: scratch.path,
      });
      expect(result.outcome).toBe('found');
      const counterexample = result.counterexample!;
      expect(counterexample.violation?.kind).toBe('duplicate');
      const [, more, fewer] = words.exec(counterexample.violation?.message ?? '') ?? [];
      expect(Number(more)).toBeGreaterThan(Number(fewer));
      const trial = counterexample.trial as LangGraphTrial;
      const folder = join(kept, name);
      const replay = await replayProperty(LANGGRAPH_SUITE, definition, {
        seed: SEED,
        path: counterexample.path,
        bounds: DEFAULT_LANGGRAPH_BOUNDS,
        folder,
      });
      expect(replay?.trial).toEqual(trial);
      expect(replay?.violation).toEqual(counterexample.violation);
      // The receiver's own file holds more emails than the one the model asked for.
      expect(effectRows(join(folder, 'effects.db'))).toBeGreaterThan(1);
    },
    120_000,
  );
});
