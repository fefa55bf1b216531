import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { StressResults } from './stress-results.js';
import { runCli } from '../cli/testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';
import { childrenAlive } from '../process/children.js';

const cwd = tempFolder('stress');

/** Reservation rows per intention, read from a trial's warehouse.db with the test's own connection. */
function effectsOnDisk(warehousePath: string): number[] {
  const db = new Database(warehousePath, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM reservations GROUP BY intention_id ORDER BY intention_id').all() as { n: number }[]).map(
      (row) => row.n,
    );
  } finally {
    db.close();
  }
}

/**
 * Measured on this 2-core machine (docs/analyses/stress.md): with these settings about
 * 6 trials in 10 of check-then-act show a duplicate, so 8 trials miss every
 * one with a chance below 1 in 1000.
 */
const TRIALS = 8;

describe('sim stress: 4 worker processes on the same files, killed and restarted at random cuts', () => {
  it(`outbox-dedup has no duplicate and loses nothing; check-then-act duplicates within ${TRIALS} trials`, async () => {
    const out = join(cwd, 'runs');
    const argv = [
      'stress',
      '-p',
      'outbox-dedup',
      'check-then-act',
      '-w',
      '4',
      '-i',
      '50',
      '-t',
      String(TRIALS),
      '-s',
      '11',
      '--keep',
      '100',
      '--format',
      'json',
      '--out',
      out,
    ];
    const { code, stdout, stderr } = await runCli(argv, cwd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const results = JSON.parse(stdout) as StressResults & { runFolder: string };
    const [dedup, checkThenAct] = results.protocols;

    expect(dedup).toMatchObject({
      protocol: 'outbox-dedup',
      trials: TRIALS,
      intentions: 50 * TRIALS,
      effects: 50 * TRIALS,
      duplicates: 0,
      lost: 0,
      failures: [],
    });
    // The faults fired: workers were really killed with SIGKILL at their armed cuts and restarted.
    expect(dedup!.crashesFired).toBeGreaterThan(0);
    expect(checkThenAct!.crashesFired).toBeGreaterThan(0);
    expect(checkThenAct!.failures).toEqual([]);
    expect(checkThenAct!.duplicates).toBeGreaterThan(0);

    // Read back from the files: every outbox-dedup intention has exactly one effect; some check-then-act intention has two or more.
    const runFolder = join(cwd, results.runFolder);
    const trials = (protocol: string) =>
      readdirSync(join(runFolder, protocol)).map((trial) => join(runFolder, protocol, trial, 'warehouse.db'));
    expect(trials('outbox-dedup')).toHaveLength(TRIALS);
    for (const warehouse of trials('outbox-dedup')) expect(effectsOnDisk(warehouse)).toEqual(Array(50).fill(1));
    const checkThenActEffects = trials('check-then-act').flatMap(effectsOnDisk);
    expect(Math.max(...checkThenActEffects)).toBeGreaterThanOrEqual(2);
    expect(checkThenActEffects.filter((n) => n >= 2)).toHaveLength(checkThenAct!.duplicates);
    expect(childrenAlive()).toBe(0);
  }, 120_000); // Real processes on two shared cores: 8 trials of 4 workers take 20 to 40 s.

  it.each([
    { argv: ['--workers', '0'], says: /workers must be a whole number from 1 to 16/ },
    { argv: ['--workers', '17'], says: /workers must be a whole number from 1 to 16/ },
    { argv: ['--trials', 'many'], says: /trials must be a whole number/ },
    { argv: ['--crash-chance', '2'], says: /crash-chance must be a number from 0 to 1/ },
    { argv: ['--crashes', '11'], says: /crashes must be a whole number from 0 to 10/ },
    { argv: ['--protocol', 'nope'], says: /unknown protocol 'nope'/ },
    { argv: ['--format', 'xml'], says: /format must be one of text, json/ },
  ])('bad input $argv: one line, exit 2', async ({ argv, says }) => {
    const { code, stdout, stderr } = await runCli(['stress', ...argv, '--out', join(cwd, 'bad')], cwd);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(says);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
