import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { referenceHarness } from '../protocols/handover/reference-harness.js';
import { checkHandoverProperty } from '../scenarios/handover/properties/check-property.js';
import { findHandoverProperty } from '../scenarios/handover/properties/definitions.js';
import { defaultScratchParent } from '../sim/process/scratch.js';
import { runCase, type AnyFamily } from '../sim/engine/run-case.js';
import { handoverFamily } from '../sim/families/handover/family.js';
import { median } from './median.js';

export interface HandoverBenchRow {
  what: string;
  value: number;
  unit: 'ms' | 'runs/s';
  note: string;
}

/**
 * The handover family's speed: one table case, the whole table as a user runs
 * it (a new process), and property runs per second. Wall time is the point
 * here, so performance.now() is read, outside any simulated run.
 */
export async function handoverBench(scratch: string, bin: string): Promise<HandoverBenchRow[]> {
  const family = handoverFamily as unknown as AnyFamily;
  const cases = 50;
  const caseSamples: number[] = [];
  for (let i = 0; i < cases; i++) {
    const started = performance.now();
    await runCase({
      family,
      protocol: referenceHarness,
      cut: { index: 2, name: 'ticket-enqueued' },
      folder: join(scratch, 'handover-case', String(i)),
    });
    caseSamples.push(performance.now() - started);
  }
  const tableSamples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, [bin, 'table', '--family', 'handover', '--out', join(scratch, 'handover-table')], {
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`sim table --family handover failed: ${result.stderr}`);
    tableSamples.push(performance.now() - started);
  }
  const rows: HandoverBenchRow[] = [
    { what: 'one handover case (reference, crash at ticket-enqueued)', value: median(caseSamples), unit: 'ms', note: `median of ${cases}` },
    { what: '`sim table --family handover` (35 cases, new process)', value: median(tableSamples), unit: 'ms', note: 'median of 5' },
  ];
  // Real processes: two stress workers per trial on the same files, killed at their armed cuts and restarted.
  const stressStarted = performance.now();
  const trials = 4;
  const stressArgv = ['stress', '--family', 'handover', '-p', 'reference-harness', '-w', '2', '-i', '10', '-t', String(trials), '-s', '5'];
  const stress = spawnSync(process.execPath, [bin, ...stressArgv, '--crash-chance', '1', '--out', join(scratch, 'handover-stress')], {
    encoding: 'utf8',
  });
  if (stress.status !== 0) throw new Error(`sim stress --family handover failed: ${stress.stderr}`);
  const stressMs = performance.now() - stressStarted;
  rows.push({
    what: `\`sim stress --family handover -w 2 -i 10 -t ${trials} --crash-chance 1\` (reference, new process)`,
    value: stressMs,
    unit: 'ms',
    note: `${((trials * 1000) / stressMs).toFixed(2)} trials/s`,
  });
  const runs = 300;
  for (const name of ['handover-once', 'conversation-state']) {
    const property = findHandoverProperty(name);
    if (!property) throw new Error(`unknown handover property ${name}`);
    const folder = mkdtempSync(join(defaultScratchParent(), 'cutpoint-bench-'));
    try {
      const result = await checkHandoverProperty(property, { runs, seed: 1, scratch: folder });
      rows.push({
        what: `property ${name}, ${runs} runs, seed 1 (files in ${defaultScratchParent()})`,
        value: runs / (result.timeMs / 1000),
        unit: 'runs/s',
        note: `${(result.timeMs / 1000).toFixed(1)} s`,
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  return rows;
}
