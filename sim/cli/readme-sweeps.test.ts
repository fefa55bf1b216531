import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSweeps } from '../../scenarios/reservation/sweeps/run-sweeps.js';

const PAGE = readFileSync(resolve(import.meta.dirname, '../../docs/analyses/sweeps.md'), 'utf8');
/** The command the sweeps page prints for its figures, and what it means: seed 7, the default 100 trials per point. */
const PRINTED = 'npx sim check --seed 7 --report';
const SEED = 7;
const TRIALS_PER_POINT = 100;

/** A figure as the page writes it: 0, or one decimal with thousands separated (1,716.7). */
function figure(value: number): string {
  return value === 0 ? '0' : value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

describe('the sweep figures of docs/analyses/sweeps.md', () => {
  it(`are what \`${PRINTED}\` measures (its sweeps, run here with the same seed and trials per point)`, { timeout: 600_000 }, async () => {
    expect(PAGE).toContain(`${PRINTED}                       # the properties, then both sweeps, 100 trials per point`);
    const { retention, concurrency } = await runSweeps({ seed: SEED, trialsPerPoint: TRIALS_PER_POINT });
    const series = (sweep: typeof concurrency, name: string) => {
      const found = sweep.series.find((candidate) => candidate.name === name);
      if (!found) throw new Error(`no series ${name}`);
      return (x: number) => figure(found.points.find((point) => point.x === x)!.duplicatesPer1000);
    };
    const noDedup = series(concurrency, 'outbox-no-dedup');
    const checkThenAct = series(concurrency, 'check-then-act');
    const dedup = series(concurrency, 'outbox-dedup');
    const paragraph = /\*\*Concurrency\*\*[\s\S]*?outbox-dedup 0 at every count\./.exec(PAGE)![0].replace(/\s+/g, ' ');
    expect(paragraph).toContain(`outbox-no-dedup ${noDedup(1)} per 1,000 at one worker`);
    expect(paragraph).toContain(`up to ${noDedup(8)} at eight`);
    expect(paragraph).toContain(`check-then-act ${checkThenAct(1)} at one worker`);
    expect(paragraph).toContain(`${checkThenAct(2)} at two, ${checkThenAct(8)} at eight`);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(dedup)).toEqual(Array(8).fill('0'));

    const without = series(retention, 'without closed window');
    const text = /\*\*Receipt retention\*\*[\s\S]*?N=0\./.exec(PAGE)![0].replace(/\s+/g, ' ');
    expect([0.25, 0.5, 0.75, 0.9].map(without)).toEqual(Array(4).fill('133.3'));
    expect(text).toContain(`${without(0.9)} per 1,000 at every ratio below 1`);
    expect(text).toContain(`${without(1)} from 1 to 1.5`);
    expect([without(1.1), without(1.5)]).toEqual([without(1), without(1)]);
    expect(text).toContain(`${without(2)} at 2, ${without(3)} at 3 and 4, and 0 from 5`);
    expect(without(4)).toBe(without(3));
    expect([5, 6, 8].map(without)).toEqual(['0', '0', '0']);
  });
});
