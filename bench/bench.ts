import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { outboxDedup } from '../protocols/reservation/outbox-dedup.js';
import { runCase } from '../sim/engine/run-case.js';
import { reservationFamily } from '../sim/families/reservation/family.js';
import { checkPoolBench } from './check-pool-bench.js';
import { evalBench } from './eval-bench.js';
import { handoverBench } from './handover-bench.js';
import { langgraphBench } from './langgraph-bench.js';
import { httpLoad, httpLoadLine } from './http-load.js';
import { openaiAgentsBench } from './openai-agents-bench.js';
import { planBench, planPathsBench } from './plan-bench.js';
import { propertyThroughput } from './property-bench.js';
import { reductionBench } from './reduction-bench.js';
import { storeBench } from './store-bench.js';
import { replayBare, TracingMedium } from './sql-trace.js';
import { exploreOnCores, speedLine, tableAgainstPython } from './speed-bench.js';
import { defaultJobs } from '../sim/process/pool.js';
import { orderingCost } from '../scenarios/reservation/sweeps/ordering-cost.js';
import { medianMs, printBenchRows } from './median.js';

/**
 * `npm run bench`: how long the main job and one case take on this machine,
 * and how much of a case is SQLite's own work. Medians over repeated runs.
 */
const scratch = mkdtempSync(join(tmpdir(), 'cutpoint-bench-'));
const bin = fileURLToPath(new URL('../entry/sim.js', import.meta.url));

/** Every other block: one case and its floor, property throughput, HTTP load, the plan and handover families. */
async function otherBlocks(): Promise<void> {
  const cases = 200;
  const reference = { family: reservationFamily, protocol: outboxDedup, cut: { index: 2, name: 'effect-applied' } };
  const caseMs = await medianMs(cases, (i) => runCase({ ...reference, folder: join(scratch, 'case', String(i)) }));
  // The floor: the very SQLite operations of these cases, traced, then replayed with no harness.
  const tracing = new TracingMedium();
  for (let i = 0; i < cases; i++) {
    await runCase({ ...reference, folder: join(scratch, 'traced', String(i)), medium: tracing });
  }
  const bareStarted = performance.now();
  replayBare(tracing.ops, join(scratch, 'traced'), join(scratch, 'bare'));
  const bareMs = (performance.now() - bareStarted) / cases;
  const tableRuns = 10;
  const tableMs = await medianMs(tableRuns, () => {
    const result = spawnSync(process.execPath, [bin, 'table', '--out', join(scratch, 'table')], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`sim table failed: ${result.stderr}`);
  });
  const nodeMs = await medianMs(tableRuns, () => spawnSync(process.execPath, ['-e', '0']));

  const row = (what: string, ms: number, note = '') => console.log(`${what.padEnd(52)} ${ms.toFixed(2).padStart(8)} ms  ${note}`);
  console.log(`cutpoint bench: node ${process.version}, median of ${cases} cases / ${tableRuns} table runs`);
  row('one case (outbox-dedup, crash at effect-applied)', caseMs, 'runCase: files, two lives, count, history');
  row('same SQLite operations replayed bare (mean)', bareMs, 'the floor: traced, then replayed without harness');
  row('harness overhead per case', caseMs - bareMs, `${(((caseMs - bareMs) / caseMs) * 100).toFixed(0)}% of a case`);
  row('`sim table` end to end (15 cases, new process)', tableMs, 'spawn + load + run + results.json');
  row('node startup alone', nodeMs);

  const propertyRuns = 1000;
  console.log(`\nproperty throughput: dedup-safety, ${propertyRuns} runs, seed 1`);
  for (const r of await propertyThroughput('dedup-safety', propertyRuns, 1)) {
    console.log(
      `${r.label.padEnd(70)} ${Math.round(r.runsPerSecond).toString().padStart(6)} runs/s ${r.msPerRun.toFixed(2).padStart(7)} ms/run`,
    );
  }

  console.log('\nHTTP load: sim serve (atomic-receipt) in its own process, through the seeded fault proxy, 2000 writes');
  for (const clients of [1, 8]) {
    const load = await httpLoad({
      clients,
      requestsPerClient: 2000 / clients,
      repeatShare: 0.2,
      dropShare: 0.05,
      seed: 1,
      runMsMax: 120_000,
    });
    console.log(`${clients} client(s): ${httpLoadLine(load)}`);
  }
  console.log('\nplan family (seed 000): medians of 20 cells / 3 tables');
  for (const r of [
    ...(await planBench(bin, { cells: 20, tables: 3, propertyRuns: 200 })),
    ...(await planPathsBench(bin, { explorations: 3, trials: 5 })),
  ]) {
    console.log(`${r.what.padEnd(70)} ${r.value.toFixed(r.unit === 'ms' ? 1 : 0).padStart(9)} ${r.unit}  ${r.note}`);
  }

  console.log('\nthe handover family');
  for (const r of await handoverBench(scratch, bin)) {
    console.log(`${r.what.padEnd(70)} ${r.value.toFixed(r.unit === 'ms' ? 2 : 0).padStart(8)} ${r.unit.padEnd(6)} ${r.note}`);
  }

  console.log('\nordered updates (reservation): what the per-object sequence costs; 200 generated trials per point, seed 1');
  for (const workers of [1, 2, 4]) {
    for (const protocol of ['outbox-dedup', 'last-writer-wins']) {
      const started = performance.now();
      const cost = await orderingCost(protocol, workers, 200, 1);
      const runsPerSecond = cost.trials / ((performance.now() - started) / 1000);
      console.log(
        `${`${protocol}, ${workers} worker(s)`.padEnd(34)} ${cost.callsPerUpdate.toFixed(3)} calls/update  ${cost.outOfOrderPer1000.toFixed(0).padStart(4)} out-of-order/1,000 updates  ${cost.misorderedPer1000.toFixed(0).padStart(4)} misordered/1,000 trials  drain ${cost.drainMsMean.toFixed(0)} virtual ms  ${runsPerSecond.toFixed(0)} runs/s`,
      );
    }
  }
  await langgraphBlock();
  await openaiAgentsBlock();
  const evaluated = evalBench(scratch, bin, 1_000);
  console.log(
    `\nsim eval handover, generated suite of 1000 scenarios, new process: ${(evaluated.ms / 1000).toFixed(1)} s (${evaluated.scenariosPerSecond.toFixed(0)} scenarios/s)`,
  );
}

async function langgraphBlock(): Promise<void> {
  printBenchRows('the langgraph family: medians of 30 cases / 3 tables', await langgraphBench(scratch, bin));
}

async function openaiAgentsBlock(): Promise<void> {
  printBenchRows('the openai-agents family: medians of 30 cases / 3 tables', await openaiAgentsBench(scratch, bin));
}

/**
 * `npm run bench -- speed` runs only the cores block (tables against Python, exploration and property runs on one job and on
 * every core); `npm run bench -- reduction` only the reduced search beside the naive one; `npm run bench -- langgraph` only
 * the langgraph block, `npm run bench -- openai-agents` only the openai-agents block; `npm run bench -- check [rounds]`
 * only `sim check` of the reservation family on each store.
 */
const only = process.argv[2];

try {
  if (only === 'langgraph') await langgraphBlock();
  else if (only === 'openai-agents') await openaiAgentsBlock();
  else if (only === 'check') await storeBench(Number(process.argv[3] ?? 5));
  else if (only === 'reduction') await reductionBench();
  else {
    console.log(`both cores: node ${process.version}, ${defaultJobs()} cores, medians of 9 runs taken in turns`);
    for (const row of tableAgainstPython(bin, scratch, 9)) console.log(speedLine(row));
    for (const row of await exploreOnCores(defaultJobs())) console.log(speedLine(row));
    await checkPoolBench();
    if (only !== 'speed') {
      console.log('');
      await reductionBench();
      console.log('');
      await otherBlocks();
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
