import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSuiteProperty } from '../../../sim/check/check-property.js';
import { replayProperty } from '../../../sim/check/replay-property.js';
import { rowsIn } from '../../../sim/families/openai-agents/testing/rows-in.js';
import { createScratch, defaultScratchParent } from '../../../sim/process/scratch.js';
import { tempFolder } from '../../../sim/testing/temp-folder.js';
import { DEFAULT_OPENAI_AGENTS_BOUNDS } from './arbitraries.js';
import { OPENAI_AGENTS_SUITE } from './suite.js';
import { OPENAI_AGENTS_FAULTS } from './tally.js';

/** Pinned, so `npm test` runs the same trials every time; the fresh-seed tests beside them explore others. */
const SEED = 2026;
const RUNS = 40;

const scratch = createScratch(defaultScratchParent());
afterAll(() => scratch.remove());
const kept = tempFolder('openai-agents-replays');

const property = (name: string) => OPENAI_AGENTS_SUITE.properties.find((candidate) => candidate.name === name)!;
const options = { runs: RUNS, seed: SEED, bounds: DEFAULT_OPENAI_AGENTS_BOUNDS, store: 'memory' as const, scratch: scratch.path };

describe('openai-agents properties (pinned seed): fast-check plays the model, the person and the crashes', () => {
  it('effects-once holds for refund-keyed-by-call, and every fault of the family fired but the announced handover', async () => {
    const result = await checkSuiteProperty(OPENAI_AGENTS_SUITE, property('effects-once'), options);
    expect(result.counterexample?.violation).toBeUndefined();
    expect(result.outcome).toBe('held');
    expect(result.runs).toBe(RUNS);
    // Its model calls its handoff: only handoff-announced's model announces one without calling it.
    const fired = Object.keys(OPENAI_AGENTS_FAULTS).filter((kind) => (result.tally[kind] ?? 0) > 0);
    expect(fired).toEqual(Object.keys(OPENAI_AGENTS_FAULTS).filter((kind) => kind !== 'announcedHandovers'));
  }, 240_000);

  it.each([
    // The approved refund on a plain API, run again by the resume: one refund more than without a crash.
    ['control-refund-on-approval', 'effects.db', 'effects', /^refund_order:\{"order_id":"(42|7)"\} took effect (\d+) times; (\d+) without a crash$/, 'duplicate'],
    // The ticket opened again by the resume on a queue without keys.
    ['control-ticket-without-key', 'human-queue.db', 'tickets', /^handover:order-42 opened (2) tickets; the model handed over (once)$/, 'duplicate'],
  ] as const)(
    '%s: found, and its replay keeps %s with the extra row',
    async (name, file, table, words, kind) => {
      const definition = property(name);
      const result = await checkSuiteProperty(OPENAI_AGENTS_SUITE, definition, options);
      expect(result.outcome).toBe('found');
      const counterexample = result.counterexample!;
      expect(counterexample.violation?.kind).toBe(kind);
      expect(counterexample.violation?.message).toMatch(words);
      const folder = join(kept, name);
      const replay = await replayProperty(OPENAI_AGENTS_SUITE, definition, { seed: SEED, path: counterexample.path, bounds: DEFAULT_OPENAI_AGENTS_BOUNDS, folder });
      expect(replay?.trial).toEqual(counterexample.trial);
      expect(replay?.violation).toEqual(counterexample.violation);
      const intention = counterexample.violation!.intention!;
      // The receiver's own file holds one row more for the intention than the same script without a crash.
      const faultFree = rowsIn(join(folder, 'fault-free', file), table, intention);
      expect(rowsIn(join(folder, file), table, intention)).toBe(faultFree + 1);
      // The same seed and path: the same history, byte for byte.
      const again = await replayProperty(OPENAI_AGENTS_SUITE, definition, { seed: SEED, path: counterexample.path, bounds: DEFAULT_OPENAI_AGENTS_BOUNDS, folder: `${folder}-again` });
      expect(again?.violation).toEqual(counterexample.violation);
      expect(readFileSync(join(`${folder}-again`, 'history.jsonl'), 'utf8')).toBe(readFileSync(join(folder, 'history.jsonl'), 'utf8'));
    },
    240_000,
  );

  it('control-handoff-announced: found, and its replay keeps a human-queue.db with no ticket for the announced handover', async () => {
    const definition = property('control-handoff-announced');
    const result = await checkSuiteProperty(OPENAI_AGENTS_SUITE, definition, options);
    expect(result.outcome).toBe('found');
    const violation = result.counterexample!.violation!;
    expect(violation).toEqual({
      kind: 'lost',
      intention: 'handover:order-42',
      message: 'handover:order-42 opened no ticket: the model announced the handover to a person and never called it',
    });
    const folder = join(kept, definition.name);
    await replayProperty(OPENAI_AGENTS_SUITE, definition, { seed: SEED, path: result.counterexample!.path, bounds: DEFAULT_OPENAI_AGENTS_BOUNDS, folder });
    expect(rowsIn(join(folder, 'human-queue.db'), 'tickets')).toBe(0);
    expect(rowsIn(join(folder, 'fault-free', 'human-queue.db'), 'tickets')).toBe(0);
  }, 240_000);
});
