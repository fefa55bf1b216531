import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratch, defaultScratchParent } from '../../sim/process/scratch.js';
import { DEFAULT_PLAN_BOUNDS, planTrialArbitrary } from './properties/arbitraries.js';
import { runPlanTrial } from './properties/trial.js';

const scratch = createScratch(defaultScratchParent());
afterAll(() => scratch.remove());

describe('plan family: same seed and options, byte-identical history', () => {
  it('ten generated trials, each run twice on fresh files, write the same history.jsonl', async () => {
    const trials = fc.sample(planTrialArbitrary({ protocol: 'checkpoint-after-step', bounds: DEFAULT_PLAN_BOUNDS }), {
      numRuns: 10,
      seed: 3,
    });
    let crashes = 0;
    for (const [index, trial] of trials.entries()) {
      const first = await runPlanTrial(trial, join(scratch.path, String(index), 'first'));
      const second = await runPlanTrial(trial, join(scratch.path, String(index), 'second'));
      crashes += first.crashes.length;
      const text = readFileSync(first.files.history, 'utf8');
      expect(text.length).toBeGreaterThan(0);
      expect(readFileSync(second.files.history, 'utf8')).toBe(text);
    }
    // Crashes and recoveries were part of what repeated exactly.
    expect(crashes).toBeGreaterThan(0);
  });
});
