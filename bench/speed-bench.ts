import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { findProtocol } from '../protocols/reservation/registry.js';
import { exploreAll, type UnitRecord } from '../sim/explore/explore-all.js';
import { reservationFamily } from '../sim/families/reservation/family.js';
import { cpuSecondsSoFar } from './cpu-time.js';
import { median } from './median.js';

export interface SpeedRow {
  what: string;
  value: number;
  unit: 's' | 'ms' | 'x';
  note: string;
}

const PYTHON_BASELINE = fileURLToPath(new URL('../../bench/seed-baseline.py', import.meta.url));
/** The same experiment in plain Node (bench/seed-baseline-node.ts, built beside this file): the runtime's own floor. */
const NODE_BASELINE = fileURLToPath(new URL('./seed-baseline-node.js', import.meta.url));

/**
 * The Python interpreter itself. `python3` on PATH may be a version manager's
 * shim (pyenv's is a bash script that runs `pyenv exec`: about 270 ms of every
 * start here, where the interpreter starts in 25 to 70 ms), and timing the shim
 * would flatter `sim table` by that much. So the interpreter is asked for its
 * own path once, and that path is what is timed.
 */
export function pythonInterpreter(): string {
  const result = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  const path = result.status === 0 ? result.stdout.trim() : '';
  if (path === '') throw new Error(`python3 could not name its interpreter (${result.status}): ${result.stderr}`);
  return path;
}

/** Wall time of a command, new process each time, start-up included. Real time on purpose: it is what is measured. */
function wallMs(command: string, args: string[]): number {
  return wallMsWith({}, command, args);
}

/** Wall time of a command with extra environment variables (undefined: the variable removed). */
function wallMsWith(env: Record<string, string | undefined>, command: string, args: string[]): number {
  const merged = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined));
  const started = performance.now();
  const result = spawnSync(command, args, { encoding: 'utf8', env: merged });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return ms;
}

/**
 * `sim table` against an independent Python implementation of the seed
 * experiment (bench/seed-baseline.py), one case at a time and one per
 * core, side by side: the commands take turns, `runs` times each, and
 * the medians are compared. Every time includes its interpreter's start-up.
 * sim table runs its cases' stores on /dev/shm (sim/app/staged-cases.ts), so
 * Python runs twice: with its files in the OS temporary folder (a disk here,
 * as the baseline was written) and on /dev/shm as well, the fair
 * comparison for the stores' own cost. The same experiment in plain Node,
 * with better-sqlite3 and nothing of cutpoint, says what any Node program
 * pays for it: the floor under `sim table` that no harness work can cross.
 */
export function tableAgainstPython(bin: string, scratch: string, runs: number): SpeedRow[] {
  const samples = {
    python: [] as number[],
    pythonShm: [] as number[],
    bareNode: [] as number[],
    bareNodeShm: [] as number[],
    one: [] as number[],
    cores: [] as number[],
    node: [] as number[],
    coresNoCa: [] as number[],
    nodeNoCa: [] as number[],
  };
  // Node reads and parses the whole bundle NODE_EXTRA_CA_CERTS names before any script runs (these machines set it:
  // about 40 ms of each start-up); Python reads nothing of it. So where it is set, sim table is also timed without it.
  const extraCa = process.env.NODE_EXTRA_CA_CERTS !== undefined;
  const python3 = pythonInterpreter();
  for (let i = 0; i < runs; i++) {
    samples.python.push(wallMs(python3, [PYTHON_BASELINE]));
    samples.pythonShm.push(wallMsWith({ TMPDIR: '/dev/shm' }, python3, [PYTHON_BASELINE]));
    samples.bareNode.push(wallMs(process.execPath, [NODE_BASELINE]));
    samples.bareNodeShm.push(wallMsWith({ TMPDIR: '/dev/shm' }, process.execPath, [NODE_BASELINE]));
    samples.one.push(wallMs(process.execPath, [bin, 'table', '--jobs', '1', '--out', join(scratch, 'table-1')]));
    samples.cores.push(wallMs(process.execPath, [bin, 'table', '--out', join(scratch, 'table-cores')]));
    samples.node.push(wallMs(process.execPath, ['-e', '0']));
    if (extraCa) {
      samples.coresNoCa.push(
        wallMsWith({ NODE_EXTRA_CA_CERTS: undefined }, process.execPath, [bin, 'table', '--out', join(scratch, 'table-no-ca')]),
      );
      samples.nodeNoCa.push(wallMsWith({ NODE_EXTRA_CA_CERTS: undefined }, process.execPath, ['-e', '0']));
    }
  }
  const python = median(samples.python);
  const pythonShm = median(samples.pythonShm);
  const cores = median(samples.cores);
  return [
    {
      what: 'seed-baseline.py (Python 3, stdlib sqlite3, 15 cases), files in the OS temporary folder',
      value: python,
      unit: 'ms',
      note: `${python3}, start-up included`,
    },
    { what: 'seed-baseline.py, files on /dev/shm (TMPDIR=/dev/shm)', value: pythonShm, unit: 'ms', note: 'the same interpreter' },
    {
      what: 'seed-baseline-node.js (plain Node, better-sqlite3, no cutpoint), OS temporary folder',
      value: median(samples.bareNode),
      unit: 'ms',
      note: 'node start-up included',
    },
    {
      what: 'seed-baseline-node.js, files on /dev/shm',
      value: median(samples.bareNodeShm),
      unit: 'ms',
      note: 'the floor for a Node program',
    },
    { what: '`sim table --jobs 1` (15 cases, one at a time)', value: median(samples.one), unit: 'ms', note: 'node start-up included' },
    { what: '`sim table` (default --jobs: one per core)', value: cores, unit: 'ms', note: 'node start-up included' },
    { what: 'node start-up alone (node -e 0)', value: median(samples.node), unit: 'ms', note: '' },
    { what: '`sim table` / Python (temporary folder)', value: cores / python, unit: 'x', note: 'target: under 0.5' },
    ...(extraCa
      ? [
          {
            what: '`sim table`, NODE_EXTRA_CA_CERTS unset',
            value: median(samples.coresNoCa),
            unit: 'ms' as const,
            note: `node -e 0 then ${median(samples.nodeNoCa).toFixed(0)} ms`,
          },
          {
            what: '`sim table` / Python (temporary folder), NODE_EXTRA_CA_CERTS unset',
            value: median(samples.coresNoCa) / python,
            unit: 'x' as const,
            note: 'as on a machine that sets no extra CA bundle',
          },
        ]
      : []),
    { what: '`sim table` / Python (/dev/shm)', value: cores / pythonShm, unit: 'x', note: 'the same stores medium on both sides' },
    {
      what: 'plain Node on /dev/shm / Python (temporary folder)',
      value: median(samples.bareNodeShm) / python,
      unit: 'x',
      note: "the runtime's floor for that ratio",
    },
  ];
}

/**
 * `sim explore` W=2 I=2 D=2 on the three seed protocols together, as one
 * call of exploreAll (what `sim explore -p A -p B -p C` runs), with one job
 * and with one per core (this process and worker processes), side by side,
 * each with the CPU time it took (its workers' included): under load the
 * wall times stretch, the CPU times say whether the pool added work. With the
 * pool, each slot's busy time and the time it waited (before its first
 * subtree, and at the end for the last slot to finish) say where a core idled.
 */
export async function exploreOnCores(cores: number): Promise<SpeedRow[]> {
  const bounds = { workers: 2, intentions: 2, crashDepth: 2, retentionMs: null, cuts: 'named' as const };
  const protocols = ['outbox-dedup', 'mark-first', 'outbox-no-dedup'];
  const subjects = protocols.map((name) => ({
    family: reservationFamily,
    protocol: findProtocol(name)!,
    source: { family: 'reservation', protocol: name },
  }));
  const rows: SpeedRow[] = [];
  const seconds: Record<number, number> = {};
  for (const jobs of [1, cores]) {
    const units: UnitRecord[] = [];
    const started = performance.now();
    const cpuBefore = cpuSecondsSoFar();
    const results = await exploreAll(subjects, bounds, { executionsMax: 200_000, jobs, onUnit: (unit) => units.push(unit) });
    seconds[jobs] = (performance.now() - started) / 1000;
    const cpu = cpuSecondsSoFar() - cpuBefore;
    for (const result of results) if (!result.exhaustive) throw new Error(`explore ${result.protocol} was not exhaustive`);
    const schedules = results.reduce((sum, result) => sum + result.schedules, 0);
    rows.push({
      what: `explore W=2 I=2 D=2, three seed protocols in one call, --jobs ${jobs}`,
      value: seconds[jobs]!,
      unit: 's',
      note: `${schedules} schedules, ${cpu.toFixed(1)} s CPU; target: under 10 s with one job per core`,
    });
    if (units.length > 0) rows.push(...slotRows(units, seconds[jobs]! * 1000));
  }
  rows.push({ what: `explore speed-up, --jobs ${cores} over --jobs 1`, value: seconds[1]! / seconds[cores]!, unit: 'x', note: '' });
  return rows;
}

/** Per slot of the pool: how long it explored, when it took its first subtree, and how long before the end it ran out of work. */
function slotRows(units: readonly UnitRecord[], totalMs: number): SpeedRow[] {
  const slots = [...new Set(units.map((unit) => unit.runner))].sort((a, b) => a - b);
  return slots.map((slot) => {
    const own = units.filter((unit) => unit.runner === slot);
    const busy = own.reduce((sum, unit) => sum + unit.endMs - unit.startMs, 0);
    const first = Math.min(...own.map((unit) => unit.startMs));
    const last = Math.max(...own.map((unit) => unit.endMs));
    return {
      what: `  slot ${slot} (${slot === 0 ? 'this process' : 'worker process'}): busy`,
      value: busy / 1000,
      unit: 's' as const,
      note: `${own.length} subtrees, first taken at ${(first / 1000).toFixed(2)} s, out of work ${((totalMs - last) / 1000).toFixed(2)} s before the end`,
    };
  });
}

export function speedLine(row: SpeedRow): string {
  const digits = row.unit === 'x' ? 2 : row.unit === 's' ? 2 : 0;
  return `${row.what.padEnd(64)} ${row.value.toFixed(digits).padStart(9)} ${row.unit.padEnd(2)} ${row.note}`;
}
