import { beforeAll, describe, expect, it } from 'vitest';
import { CONCURRENCY_SWEEP, WORKER_COUNTS } from './concurrency-sweep.js';
import { measurePoint } from './measure-point.js';
import { RETENTION_RATIOS, RETENTION_SWEEP } from './retention-sweep.js';
import { runSweep, type SweepResult } from './sweep.js';

/** Small points keep the suite quick; the numbers are still counted from real runs on real SQLite databases. */
const SEED = 20261201;
const TRIALS = 25;

let retention: SweepResult;
let concurrency: SweepResult;

beforeAll(async () => {
  retention = await runSweep(RETENTION_SWEEP, { seed: SEED, trialsPerPoint: TRIALS });
  concurrency = await runSweep(CONCURRENCY_SWEEP, { seed: SEED, trialsPerPoint: TRIALS });
});

function series(sweep: SweepResult, name: string) {
  const found = sweep.series.find((s) => s.name === name);
  if (!found) throw new Error(`no series ${name} in ${sweep.name}`);
  return found.points;
}

describe('every sweep point is a real series of runs', () => {
  it('counts the trials it ran, their intentions, and duplicates per 1,000 from those counts', () => {
    for (const sweep of [retention, concurrency]) {
      for (const { points } of sweep.series) {
        for (const point of points) {
          expect(point.trials).toBe(TRIALS);
          expect(point.intentions).toBeGreaterThanOrEqual(TRIALS);
          expect(point.unfinished).toBe(0);
          expect(point.duplicatesPer1000).toBeCloseTo((1000 * point.duplicates) / point.intentions, 9);
        }
      }
    }
  });

  it('pins the parameter at every x of the definition, in order', () => {
    expect(series(retention, 'without closed window').map((p) => p.x)).toEqual([...RETENTION_RATIOS]);
    expect(series(concurrency, 'check-then-act').map((p) => p.x)).toEqual(WORKER_COUNTS);
    expect(WORKER_COUNTS).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('concurrency sweep', () => {
  it('outbox-dedup: no duplicate at any worker count, 1 to 8', () => {
    expect(series(concurrency, 'outbox-dedup').map((p) => p.duplicates)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('check-then-act: no duplicate with one worker, duplicates once two or more race', () => {
    const points = series(concurrency, 'check-then-act');
    expect(points[0]?.duplicates).toBe(0);
    expect(Math.max(...points.slice(1).map((p) => p.duplicates))).toBeGreaterThan(0);
  });

  it('outbox-no-dedup: duplicates with one worker already, and more with eight', () => {
    const points = series(concurrency, 'outbox-no-dedup');
    expect(points[0]?.duplicates).toBeGreaterThan(0);
    expect(points[7]?.duplicatesPer1000).toBeGreaterThan(points[0]?.duplicatesPer1000 ?? Infinity);
  });
});

describe('retention sweep', () => {
  it('without the closed window: duplicates below retention = retry delay, none at the largest ratio', () => {
    const points = series(retention, 'without closed window');
    for (const point of points.filter((p) => p.x < 1)) expect(point.duplicates).toBeGreaterThan(0);
    expect(points.at(-1)?.duplicates).toBe(0);
    // Longer retention never adds a duplicate: the same trials, only the receipts kept longer.
    const counts = points.map((p) => p.duplicates);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('with the closed window: no duplicate at any retention', () => {
    expect(series(retention, 'with closed window').every((p) => p.duplicates === 0)).toBe(true);
  });

  it('below one retry delay, outbox-dedup duplicates exactly as often as outbox-no-dedup on the same trials', () => {
    // One worker, the same seed: the same generated trials. Every resend comes at least one retry
    // delay (= one lease) after its effect, so a receipt kept less than that never catches one.
    const expired = series(retention, 'without closed window').find((p) => p.x === 0.5);
    const noDedup = series(concurrency, 'outbox-no-dedup').find((p) => p.x === 1);
    expect(expired?.duplicates).toBeGreaterThan(0);
    expect(expired?.duplicates).toBe(noDedup?.duplicates);
    expect(expired?.intentions).toBe(noDedup?.intentions);
  });

  it('a point replays exactly: the same seed counts the same duplicates', async () => {
    const trials = RETENTION_SWEEP.series[0]!.trials(0.5);
    const again = await measurePoint(trials, { seed: SEED, trials: TRIALS });
    const first = series(retention, 'without closed window').find((p) => p.x === 0.5)!;
    expect(again).toEqual({
      trials: first.trials,
      intentions: first.intentions,
      duplicates: first.duplicates,
      lost: first.lost,
      unfinished: 0,
    });
  });
});
