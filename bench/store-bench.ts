import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CheckResults } from '../sim/results/check-results.js';
import { cpuSecondsSoFar } from './cpu-time.js';
import { median } from './median.js';

/** The built bin beside this file in dist/: each check is a command of its own, cold, as a user runs it. */
const SIM = fileURLToPath(new URL('../entry/sim.js', import.meta.url));

/** The checks measured: the issue's figure (one property, 1,000 runs) and the whole family as `sim check` runs it. */
const CHECKS: readonly { what: string; argv: readonly string[] }[] = [
  { what: 'sim check dedup-safety --runs 1000 --seed 1 --jobs 1', argv: ['dedup-safety', '--runs', '1000', '--seed', '1', '--jobs', '1'] },
  { what: 'sim check --runs 200 --seed 1 --jobs 1 (all 17 properties)', argv: ['--runs', '200', '--seed', '1', '--jobs', '1'] },
];

const STORES = ['memory', 'file', 'default'] as const;
type Store = (typeof STORES)[number];

interface StoreRun {
  /** Runs a second as the command counts them (its summary line): runs over the properties' own time. */
  runsPerSecond: number;
  /** Runs per CPU second of the whole command, its start included: the work, whatever else the machine runs. */
  runsPerCpuSecond: number;
  document: CheckResults;
}

async function timedCheck(argv: readonly string[], store: Store, folder: string): Promise<StoreRun> {
  const cpuBefore = cpuSecondsSoFar();
  const storeArgv = store === 'default' ? [] : ['--store', store];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [SIM, 'check', ...argv, ...storeArgv, '--format', 'json', '--out', 'runs'],
    { cwd: folder, maxBuffer: 64 * 1024 * 1024 },
  );
  const cpuSeconds = cpuSecondsSoFar() - cpuBefore;
  const document = JSON.parse(stdout) as CheckResults;
  const runs = document.properties.reduce((sum, property) => sum + property.runs, 0);
  const seconds = document.properties.reduce((sum, property) => sum + property.timeMs, 0) / 1000;
  return { runsPerSecond: runs / seconds, runsPerCpuSecond: runs / cpuSeconds, document };
}

/** What must not depend on the store: each property's verdict, runs, shrinks, counterexample path and fault counts. */
function verdicts(document: CheckResults): string {
  return JSON.stringify(
    document.properties.map((p) => [p.name, p.outcome, p.runs, p.shrinks, p.tally, p.counterexample?.path, p.counterexample?.violation]),
  );
}

/**
 * `npm run bench -- check`: `sim check` of the reservation family on each
 * store (memory, file, and the default with no --store), one job, the stores
 * taken in turns for `rounds` rounds; medians. Fails if a store changes a
 * verdict or a fault count.
 */
export async function storeBench(rounds = 5): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'cutpoint-store-bench-'));
  try {
    console.log(`sim check on each store, one job: medians of ${rounds} rounds taken in turns`);
    for (const check of CHECKS) {
      const runs = new Map<Store, StoreRun[]>(STORES.map((store) => [store, []]));
      for (let round = 0; round < rounds; round++)
        for (const store of STORES) runs.get(store)!.push(await timedCheck(check.argv, store, folder));
      const all = [...runs.values()].flat();
      const same = all.every((run) => verdicts(run.document) === verdicts(all[0]!.document));
      if (!same) throw new Error(`${check.what}: the stores disagree on a verdict or a fault count`);
      for (const store of STORES) {
        const measured = runs.get(store)!;
        const chosen = measured[0]!.document.store;
        console.log(
          `${check.what} --store ${store === 'default' ? `(default: ${chosen})` : store}`.padEnd(84) +
            ` ${median(measured.map((r) => r.runsPerSecond))
              .toFixed(0)
              .padStart(5)} runs/s` +
            ` ${median(measured.map((r) => r.runsPerCpuSecond))
              .toFixed(0)
              .padStart(5)} runs/CPU-s`,
        );
      }
      console.log('  same verdicts, runs, shrinks, counterexamples and fault counts on every store: yes');
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
