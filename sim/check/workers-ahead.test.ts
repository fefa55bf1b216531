import { describe, expect, it } from 'vitest';
import { workersAhead, type ChecksAhead } from './workers-ahead.js';

/** A check of one property, 1000 runs, on two jobs, in process, its chunks run here: what each case changes. */
const check = (changed: Partial<ChecksAhead>): number =>
  workersAhead({ jobs: 2, runs: 1000, properties: 1, transport: 'in-process', chunksHere: true, ...changed });

describe('workersAhead: the workers a sim check will want, from its parsed options, before the family loads', () => {
  it.each<[string, Partial<ChecksAhead>, number]>([
    ['one property, 1000 runs, two jobs', {}, 1],
    ['every property of the family', { properties: 0 }, 1],
    ['three jobs', { jobs: 3 }, 2],
    ['300 runs on eight jobs: three chunks', { runs: 300, jobs: 8 }, 2],
    ['two properties of 100 runs on four jobs: two chunks', { properties: 2, runs: 100, jobs: 4 }, 1],
    ['every property, 100 runs, four jobs', { properties: 0, runs: 100, jobs: 4 }, 3],
    ['one property of 100 runs: one chunk', { runs: 100, jobs: 4 }, 0],
  ])('%s: %i', (_name, changed, expected) => {
    expect(check(changed)).toBe(expected);
  });

  it.each<[string, Partial<ChecksAhead>]>([
    ['one job', { jobs: 1 }],
    ['over HTTP, whose server is this process', { transport: 'http' }],
    ['no chunk here (--list, --path, a watched child runs them)', { chunksHere: false }],
  ])('%s: none', (_name, changed) => {
    expect(check(changed)).toBe(0);
  });
});
