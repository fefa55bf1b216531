import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { StressResults } from '../../stress/stress-results.js';
import { runCli } from '../../cli/testing/run-cli.js';
import { tempFolder } from '../../testing/temp-folder.js';

const cwd = tempFolder('plan-stress');

/** Writes per step key in a trial's tool-server.db, read with the test's own connection. */
function writesOnDisk(trialFolder: string): number[] {
  const db = new Database(join(trialFolder, 'tool-server.db'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM writes GROUP BY intention_id ORDER BY intention_id').all() as { n: number }[]).map(
      (row) => row.n,
    );
  } finally {
    db.close();
  }
}

type StressRun = StressResults & { runFolder: string };

/** One `sim stress` run of both plan protocols: two processes on one plan of one step, no crashes. */
async function stressRound(seed: number, out: string): Promise<StressRun> {
  const argv = ['stress', '--family', 'plan', '-p', 'checkpoint-lease', 'checkpoint-after-step'];
  argv.push('-w', '2', '-i', '1', '-t', String(TRIALS), '--crashes', '0', '-s', String(seed), '--keep', '100', '--format', 'json', '--out', out);
  const { code, stdout, stderr } = await runCli(argv, cwd);
  expect(stderr).toBe('');
  // Exit 0: the protocol that must hold (the lease) held; the JSON checkpoint is expected to fail here.
  expect(code).toBe(0);
  return JSON.parse(stdout) as StressRun;
}

/**
 * The interleaving is the OS's, so whether both processes find no JSON
 * checkpoint is a matter of chance. Measured on this 2-core machine, quiet
 * and under load (docs/explanation/families/plan.md): 3 of 8 up to 11 of 12
 * trials. A CI machine saw a round of 12 with none, so the test runs rounds
 * on further seeds until one shows the duplicate, up to ROUNDS; every round
 * also holds the lease to no duplicate at all.
 */
const TRIALS = 12;
const ROUNDS = 5;

describe('sim stress --family plan: two processes on one plan', () => {
  it(`the JSON checkpoint lets both run the same step (N=2) within ${ROUNDS} rounds of ${TRIALS} trials; the SQLite checkpoint with a lease never does`, async () => {
    let duplicating: StressRun | undefined;
    for (let round = 0; round < ROUNDS && !duplicating; round += 1) {
      const results = await stressRound(11 + round, join(cwd, 'runs'));
      const [lease, json] = results.protocols;
      expect(lease).toMatchObject({ protocol: 'checkpoint-lease', trials: TRIALS, duplicates: 0, lost: 0, failures: [] });
      expect(json).toMatchObject({ protocol: 'checkpoint-after-step', trials: TRIALS, lost: 0, failures: [] });
      // From the files: every lease trial's tool server holds one write of the step.
      expect(lease?.kept).toHaveLength(TRIALS);
      for (const kept of lease?.kept ?? []) expect(writesOnDisk(join(cwd, results.runFolder, kept))).toEqual([1]);
      if ((json?.duplicates ?? 0) > 0) duplicating = results;
    }
    expect(duplicating, `no duplicate in ${ROUNDS * TRIALS} trials of the JSON checkpoint`).toBeDefined();
    // From the files: a duplicating trial's tool server holds two writes of the step.
    const json = duplicating?.protocols[1];
    expect(writesOnDisk(join(cwd, duplicating?.runFolder ?? '', json?.kept[0] as string))).toEqual([2]);
  }, 600_000);
});
