import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { runTable, type ExpectedTable } from '../table/run-table.js';
import { createRunFolder, writeJsonAtomic } from '../results/run-folder.js';
import { tableResults, type CrashMode, type TableResults } from '../results/table-results.js';
import { killModeCaseRunner, LIFE_TIMEOUT_MS } from '../process/kill-table.js';
import { isolatingCaseRunner } from '../process/isolated-case.js';
import { withChildrenReaped } from '../process/children.js';
import { defaultJobs } from '../process/pool.js';
import { startCasePool } from '../table/case-pool.js';
import { UsageError } from './errors.js';
import type { Io } from './io.js';
import { Progress } from './progress.js';
import type { TransportName } from './transport-option.js';

export interface TableRunRequest {
  family: AnyFamily;
  protocols: readonly FamilyProtocol[];
  /** Protocol name → the user's module it came from: kill mode loads it afresh in every child. */
  protocolFiles?: ReadonlyMap<string, string>;
  cutIndexes: readonly number[];
  outDir: string;
  cwd: string;
  expected: ExpectedTable;
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
  io?: Io;
  /** How receivers are reached: in-process (default), or over real HTTP on loopback through the fault proxy. */
  transport?: TransportName;
}

/** Creates the run folder, runs every case, writes results.json. Shared by `sim table` and `sim run`. */
export async function executeTableRun(
  request: TableRunRequest,
): Promise<{ results: TableResults; runFolder: string; resultsFile: string }> {
  if (request.transport === 'http' && (request.protocolFiles?.size ?? 0) > 0) {
    throw new UsageError(
      '--transport http runs built-in protocols; a protocol file runs isolated in a child process, which takes no transport yet.',
    );
  }
  const folder = createRunFolder(resolve(request.cwd, request.outDir));
  const started = performance.now();
  const kill = request.crashMode === 'kill';
  const cases = request.protocols.length * request.cutIndexes.length;
  const progress = kill && request.io ? new Progress(request.io, 'sim table --crash-mode kill', cases) : undefined;
  let done = 0;
  // The HTTP transport loads only when asked for.
  const http = request.transport === 'http' ? await (await import('../transport/http/http-transport.js')).startHttpTransport() : undefined;
  const jobs = request.jobs ?? defaultJobs();
  const isolating = isolatingCaseRunner({
    lifeTimeoutMs: request.lifeTimeoutMs ?? LIFE_TIMEOUT_MS,
    checkDeterminism: request.checkDeterminism ?? true,
  });
  // In process, cases beyond the first run in worker threads; over HTTP they share the table's one server, so they stay here.
  const pool = !kill && !http && jobs > 1 ? startCasePool(jobs - 1, isolating) : undefined;
  const table = () =>
    runTable({
      family: request.family,
      protocols: request.protocols,
      ...(request.protocolFiles ? { protocolFiles: request.protocolFiles } : {}),
      cutIndexes: request.cutIndexes,
      runFolder: folder.path,
      expected: request.expected,
      jobs: http ? 1 : jobs,
      runCase: kill ? killModeCaseRunner(request.lifeTimeoutMs) : (pool?.runCase ?? isolating),
      ...(progress ? { onCase: () => progress.update(++done) } : {}),
      ...(http ? { caseOptions: { clientFactory: http.clientFactory } } : {}),
    });
  // Kill mode and isolated cases start child processes: Ctrl-C must kill and reap every one of them before the harness exits.
  const run = await withChildrenReaped(request.io?.stderr ?? ((text) => process.stderr.write(text)), table).finally(async () => {
    await http?.close();
    await pool?.close();
  });
  progress?.done();
  const results = tableResults({
    run,
    runId: folder.runId,
    runFolder: folder.path,
    startedAt: folder.startedAt,
    family: request.family,
    protocols: request.protocols,
    cutIndexes: request.cutIndexes,
    totalMs: Math.round(performance.now() - started),
    crashMode: request.crashMode ?? 'in-process',
    expectFile: request.expectFile,
    transport: request.transport ?? 'in-process',
  });
  const resultsFile = join(folder.path, 'results.json');
  writeJsonAtomic(resultsFile, results);
  return { results, runFolder: folder.path, resultsFile };
}
