import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { runTable, type ExpectedTable } from '../table/run-table.js';
import type { ExpectedColumns } from '../table/expected-columns.js';
import { writeJsonAtomic } from '../results/run-folder.js';
import { openRunFolder } from './run-folder-life.js';
import { tableResults, type CrashMode, type TableResults } from '../results/table-results.js';
import { policyExercise } from '../engine/policy-exercise.js';
import { LIFE_TIMEOUT_MS } from '../process/life-timeout.js';
import { isolatingCaseRunner } from '../process/isolated-case.js';
import { withChildrenReaped } from '../process/children.js';
import { defaultJobs } from '../process/pool.js';
import { startCasePool } from '../table/case-pool.js';
import { InputError } from '../engine/input-error.js';
import type { ProgressOutput } from './progress.js';
import { Progress } from './progress.js';
import { stageCases } from './staged-cases.js';
import type { TransportName } from './transport.js';

export interface TableRunRequest {
  family: AnyFamily;
  protocols: readonly FamilyProtocol[];
  /** Protocol name → the user's module it came from: kill mode loads it afresh in every child. */
  protocolFiles?: ReadonlyMap<string, string>;
  cutIndexes: readonly number[];
  /** A user's workload instead of the family's table workload: the plan family's --plan, the handover family's own model or graph. */
  workload?: unknown;
  outDir: string;
  cwd: string;
  expected: ExpectedTable;
  /** Expected values of the family's other columns; none when absent. */
  expectedColumns?: ExpectedColumns;
  /** Protocols judged by the default row (N=1 at every cut) because no expected row names them. */
  defaultRows?: readonly string[];
  /** The --expect file the expectations were read from; undefined when they are the reference table's. */
  expectFile?: string | undefined;
  /** Default in-process. */
  crashMode?: CrashMode;
  /** Cases at a time: one per core by default (in process: this thread and worker threads; kill mode: child processes). */
  jobs?: number | undefined;
  /** Each life of a case of a protocol file gets this much wall time before the watchdog stops it. */
  lifeTimeoutMs?: number;
  /** Run each case of a protocol file twice and compare histories (default on). */
  checkDeterminism?: boolean;
  /** Where kill mode shows progress and reports an interruption. */
  io?: ProgressOutput;
  /** How receivers are reached: in-process (default), or over real HTTP on loopback through the fault proxy. */
  transport?: TransportName;
  /** A user's own model given as a family input (--policy): the table then says whether it answered its calls (Family.policyCalls). */
  policy?: { file: string; name: string };
}

/**
 * A worker thread loads the engine and the family again before its first
 * case (about 0.3 s of CPU), while an in-process table case takes 5 to 10 ms:
 * the seed table (15 cases) measured 486 ms at --jobs 1 and 551 ms with a
 * thread beside it (`npm run bench -- speed`). Below this many
 * cases the default runs them all here.
 */
const THREAD_POOL_CASES_MIN = 64;

/** Creates the run folder, runs every case, writes results.json. Shared by `sim table` and `sim run`. */
export async function executeTableRun(
  request: TableRunRequest,
): Promise<{ results: TableResults; runFolder: string; resultsFile: string }> {
  const serverKill = request.crashMode === 'server-kill';
  if (serverKill && request.transport !== 'http') {
    throw new InputError("--crash-mode server-kill kills a receiver's server process: add --transport http.");
  }
  const separateServers = (request.crashMode === 'kill' && request.transport === 'http') || serverKill;
  // Kill mode's modules (servers, children) load only when asked for: an in-process table does not pay for them.
  const unservable = separateServers ? (await import('../process/case-servers.js')).unservableReceivers(request.family) : undefined;
  if (unservable) throw new InputError(unservable);
  const serverKillTable = serverKill ? await import('../process/server-kill-table.js') : undefined;
  const killTable = request.crashMode === 'kill' ? await import('../process/kill-table.js') : undefined;
  // Server-kill mode has one column of its own, the server's crash, and expects what a reply lost after the commit gives in process.
  const family = serverKillTable ? serverKillTable.serverKillFamily(request.family) : request.family;
  const cutIndexes = serverKill ? [0] : request.cutIndexes;
  const expected = serverKillTable ? await serverKillTable.serverKillExpectations(request.family, request.protocols) : request.expected;
  const folder = openRunFolder(resolve(request.cwd, request.outDir), request.cwd);
  const staged = stageCases(folder.path);
  const started = performance.now();
  const kill = request.crashMode === 'kill';
  const cases = request.protocols.length * cutIndexes.length;
  const progress = kill && request.io ? new Progress(request.io, 'sim table --crash-mode kill', cases, 'cases') : undefined;
  let done = 0;
  // The HTTP transport loads only when asked for; in kill and server-kill mode each case starts server processes of its own instead.
  const http =
    request.transport === 'http' && !separateServers
      ? await (await import('../transport/http/http-transport.js')).startHttpTransport()
      : undefined;
  const jobs = request.jobs ?? defaultJobs();
  const isolating = isolatingCaseRunner({
    lifeTimeoutMs: request.lifeTimeoutMs ?? LIFE_TIMEOUT_MS,
    checkDeterminism: request.checkDeterminism ?? true,
    ...(request.transport ? { transport: request.transport } : {}),
  });
  // In process, cases beyond the first run in worker threads; over HTTP they share the table's one server, so they stay here.
  // By default only for a table big enough to pay for a thread's start-up (see THREAD_POOL_CASES_MIN); --jobs N asks for it.
  const threads = request.jobs !== undefined || cases >= THREAD_POOL_CASES_MIN;
  const pool = !kill && !serverKill && request.transport !== 'http' && jobs > 1 && threads ? startCasePool(jobs - 1, isolating) : undefined;
  const table = () =>
    runTable({
      family,
      protocols: request.protocols,
      ...(request.protocolFiles ? { protocolFiles: request.protocolFiles } : {}),
      cutIndexes,
      ...(request.workload !== undefined ? { workload: request.workload } : {}),
      runFolder: staged.path,
      expected,
      ...(request.expectedColumns && !serverKill ? { expectedColumns: request.expectedColumns } : {}),
      // Every row with an expected N is held to the columns' bounds where its expected columns are silent; server-kill's
      // expectations are what the same protocol gives in process, not a judgement, so it holds none.
      ...(serverKill ? {} : { boundedRows: request.protocols.map((p) => p.name).filter((name) => request.expected[name] !== undefined) }),
      jobs: http ? 1 : jobs,
      runCase: serverKillTable
        ? serverKillTable.runServerKillCase
        : killTable
          ? killTable.killModeCaseRunner(request.lifeTimeoutMs, request.transport)
          : (pool?.runCase ?? isolating),
      ...(progress ? { onCase: () => progress.update(++done) } : {}),
      ...(http ? { caseOptions: { clientFactory: http.clientFactory } } : {}),
    });
  // Kill mode and isolated cases start child processes: Ctrl-C must kill and reap every one of them before the harness exits.
  const run = await withChildrenReaped(request.io?.stderr ?? ((text) => process.stderr.write(text)), table).finally(async () => {
    await http?.close();
    await pool?.close();
    // Whatever the cases left reaches the run folder, a case that failed included: it is what a reader debugs.
    staged.settle();
  });
  progress?.done();
  const measured = tableResults({
    run,
    runId: folder.runId,
    runFolder: staged.path,
    startedAt: folder.startedAt,
    family,
    protocols: request.protocols,
    cutIndexes,
    totalMs: Math.round(performance.now() - started),
    crashMode: request.crashMode ?? 'in-process',
    expectFile: request.expectFile,
    ...(request.defaultRows && !serverKill ? { defaultRows: request.defaultRows } : {}),
    transport: request.transport ?? 'in-process',
  });
  const results = request.policy ? withPolicyExercise(request.family, measured, request.policy) : measured;
  const resultsFile = join(folder.path, 'results.json');
  writeJsonAtomic(resultsFile, results);
  return { results, runFolder: folder.path, resultsFile };
}

/**
 * With --policy, each cell says how many calls the policy was asked and answered. A cell with an unanswered call
 * measured the harness's fallback there, not the policy: it is unknown, and the table's verdict is unknown.
 */
function withPolicyExercise(family: AnyFamily, results: TableResults, policy: { file: string; name: string }): TableResults {
  const cells = results.cells.map((cell) => ({ ...cell, policyCalls: family.policyCalls?.(cell.case) ?? { asked: 0, answered: 0 } }));
  const exercise = policyExercise(
    cells.map((cell) => cell.policyCalls),
    policy.file,
    policy.name,
  );
  return { ...results, cells, policy: exercise, ...(exercise.exercised ? {} : { verdict: 'unknown' as const }) };
}
