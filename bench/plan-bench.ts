import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkpointAfterStep } from '../protocols/plan/checkpoint-after-step.js';
import { DEFAULT_PLAN_BOUNDS } from '../scenarios/plan/properties/arbitraries.js';
import { checkPlanProperty } from '../scenarios/plan/properties/check-plan-property.js';
import { PLAN_PROPERTIES } from '../scenarios/plan/properties/definitions.js';
import { defaultScratchParent } from '../sim/process/scratch.js';
import { runCase, type AnyFamily } from '../sim/engine/run-case.js';
import { planFamily } from '../sim/families/plan/plan-family.js';
import { PLAN_PROTOCOLS } from '../protocols/plan/catalogue.js';
import { explore } from '../sim/explore/explore.js';
import { runTrial, type StressTuning } from '../sim/stress/stress-trial.js';
import { median } from './median.js';

export interface PlanBenchRow {
  what: string;
  value: number;
  unit: 'ms' | 'runs/s';
  note: string;
}

/**
 * The plan family's speed, as `npm run bench` reports it: one table cell,
 * `sim table --family plan` end to end, and property throughput, each on the
 * disk's temporary folder (every checkpoint write is fsynced: real cost) and
 * on /dev/shm (memory-backed, where fsync is nearly free). Wall-clock time is
 * the point here.
 */
export async function planBench(bin: string, options: { cells: number; tables: number; propertyRuns: number }): Promise<PlanBenchRow[]> {
  const rows: PlanBenchRow[] = [];
  for (const [label, parent] of [
    ['disk', tmpdir()],
    ['/dev/shm', defaultScratchParent()],
  ] as const) {
    const scratch = mkdtempSync(join(parent, 'cutpoint-plan-bench-'));
    try {
      const cellMs: number[] = [];
      for (let i = 0; i < options.cells; i++) {
        const started = performance.now();
        await runCase({
          family: planFamily as unknown as AnyFamily,
          protocol: checkpointAfterStep,
          cut: { index: 1, name: 'tool-applied' },
          folder: join(scratch, 'cell', String(i)),
        });
        cellMs.push(performance.now() - started);
      }
      rows.push({
        what: `plan cell (checkpoint-after-step, tool-applied), ${label}`,
        value: median(cellMs),
        unit: 'ms',
        note: 'two lives, seed plan',
      });
      const tableMs: number[] = [];
      for (let i = 0; i < options.tables; i++) {
        const started = performance.now();
        const result = spawnSync(process.execPath, [bin, 'table', '--family', 'plan', '--out', join(scratch, 'table')], {
          encoding: 'utf8',
        });
        if (result.status !== 0) throw new Error(`sim table --family plan failed: ${result.stderr}`);
        tableMs.push(performance.now() - started);
      }
      rows.push({
        what: `\`sim table --family plan\` (54 cases), ${label}`,
        value: median(tableMs),
        unit: 'ms',
        note: 'new process, results.json',
      });
      const definition = PLAN_PROPERTIES.find((candidate) => candidate.name === 'writes-once');
      if (!definition) throw new Error('no writes-once property');
      const result = await checkPlanProperty(definition, { runs: options.propertyRuns, seed: 1, bounds: DEFAULT_PLAN_BOUNDS, scratch });
      rows.push({
        what: `plan property writes-once, ${label}`,
        value: result.runs / (result.timeMs / 1000),
        unit: 'runs/s',
        note: `${options.propertyRuns} runs, seed 1`,
      });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return rows;
}

/**
 * The plan family's newer paths, timed end to end: the table in kill mode
 * (every life a child process), exploration on real files in a tmpfs, and one
 * stress trial of two processes on one plan. Wall-clock time is the point.
 */
export async function planPathsBench(bin: string, options: { explorations: number; trials: number }): Promise<PlanBenchRow[]> {
  const rows: PlanBenchRow[] = [];
  const family = planFamily as unknown as AnyFamily;
  const scratch = mkdtempSync(join(defaultScratchParent(), 'cutpoint-plan-paths-'));
  try {
    const started = performance.now();
    const kill = spawnSync(process.execPath, [bin, 'table', '--family', 'plan', '--crash-mode', 'kill', '--out', join(scratch, 'kill')], {
      encoding: 'utf8',
    });
    if (kill.status !== 0) throw new Error(`sim table --family plan --crash-mode kill failed: ${kill.stderr}`);
    rows.push({
      what: '`sim table --family plan --crash-mode kill` (54 cases)',
      value: performance.now() - started,
      unit: 'ms',
      note: 'new process, one per core',
    });
    for (const intentions of [1, 3]) {
      const rates: number[] = [];
      let schedules = 0;
      for (let i = 0; i < options.explorations; i++) {
        const protocol = PLAN_PROTOCOLS.find((entry) => entry.protocol.name === 'checkpoint-after-step')?.protocol;
        if (!protocol) throw new Error('no checkpoint-after-step');
        const result = await explore(
          family,
          protocol,
          { workers: 1, intentions, crashDepth: 1, retentionMs: null, cuts: 'named' },
          { executionsMax: 10_000 },
        );
        schedules = result.schedules;
        rates.push(result.schedules / (result.timeMs / 1000));
      }
      rows.push({
        what: `sim explore --family plan -w 1 -i ${intentions} -d 1 (checkpoint-after-step), tmpfs`,
        value: median(rates),
        unit: 'runs/s',
        note: `${schedules} executions, exhaustive`,
      });
    }
    const tuning: StressTuning = {
      workers: 2,
      intentions: 1,
      crashesPerWorker: 0,
      crashChance: 0,
      leaseMs: 10,
      pause: { chance: 0, maxMs: 1 },
      busyTimeoutMs: 5,
      busyAttemptsMax: 200,
      lifeTimeoutMs: 60_000,
    };
    const trialMs: number[] = [];
    for (let i = 0; i < options.trials; i++) {
      const lease = PLAN_PROTOCOLS.find((entry) => entry.protocol.name === 'checkpoint-lease')?.protocol;
      if (!lease) throw new Error('no checkpoint-lease');
      trialMs.push((await runTrial(family, lease, tuning, i + 1, i + 1, join(scratch, 'stress', String(i)))).ms);
    }
    rows.push({
      what: 'sim stress --family plan: one trial (checkpoint-lease, 2 processes, 1 step)',
      value: median(trialMs),
      unit: 'ms',
      note: 'real processes, tmpfs',
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return rows;
}
