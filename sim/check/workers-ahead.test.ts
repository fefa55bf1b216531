import { describe, expect, it } from 'vitest';
import { workersAhead } from './workers-ahead.js';

/** The guess on two cores, from a command line as a user types it. */
const onTwoCores = (line: string) => workersAhead(line.split(' '), 2);

describe('workersAhead: the workers a sim check will want, read from its words before anything loads', () => {
  it.each([
    ['check dedup-safety --runs 1000 --seed 1', 1],
    ['check', 1],
    ['check dedup-safety --runs 1000 --jobs 3', 2],
    ['check dedup-safety --runs 1000 --jobs=3', 2],
    ['check dedup-safety --runs 1000 -j3', 2],
    ['check dedup-safety -n 300 -j 8', 2],
    ['check dedup-safety crash-safety --runs 100 --jobs 4', 1],
    ['check --runs 100 --jobs 4', 3],
    ['check --family handover --policy lease dedup-safety --runs 100 --jobs 4', 0],
    ['check --report --runs 300 dedup-safety', 1],
  ])('%s: %i', (line, expected) => {
    expect(onTwoCores(line)).toBe(expected);
  });

  it.each([
    'check dedup-safety --runs 1000 --jobs 1',
    'check dedup-safety --runs 100',
    'check dedup-safety --runs 1000 --list',
    'check --help',
    'check dedup-safety --seed 1 --path 3:1',
    'check dedup-safety --runs 1000 --transport http',
    'check dedup-safety --runs 1000 --transport=http',
    'check dedup-safety --runs many',
    'check dedup-safety --runs 1000 --jobs 0',
    'table --jobs 4',
    '--version',
  ])('%s: none', (line) => {
    expect(onTwoCores(line)).toBe(0);
  });

  it('the cores are the default number of jobs', () => {
    expect(workersAhead(['check', 'dedup-safety', '--runs', '1000'], 4)).toBe(3);
    expect(workersAhead(['check', 'dedup-safety', '--runs', '1000'], 1)).toBe(0);
  });
});
