import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseHistory, type HistoryEvent } from '../engine/history.js';
import { caseError, runCase, type CaseResult, type CaseSpec } from '../engine/run-case.js';
import { worldSpec } from '../engine/run-family.js';
import { runChild, stderrGist, type ChildExit } from './children.js';
import { compiledEntry } from './entry-path.js';
import { LifeWatchdog } from './life-watchdog.js';
import type { CaseChildEnd, CaseChildSpec } from './case-child-spec.js';

export interface IsolationOptions {
  /** A life (of the case's child) still running after this long is stopped and the case reported as an error. */
  lifeTimeoutMs: number;
  /** Run each case twice and compare its histories byte for byte. */
  checkDeterminism: boolean;
  /** `http`: the case's child reaches its receivers over the HTTP transport, started in the child. */
  transport?: 'in-process' | 'http';
}

const CASE_CHILD = compiledEntry(new URL('./case-child.js', import.meta.url));

/**
 * A case of a user's protocol, isolated: the whole case runs in a child
 * process, each life with a fresh instance of the module, watched by a
 * watchdog that gives every life `lifeTimeoutMs` of wall time. A protocol
 * that loops, never settles, calls process.exit or dies is an error case
 * naming the protocol, the life and the last cut it reached; what it printed
 * is kept in the case's protocol.log, never mixed into our stdout.
 */
export async function runIsolatedCase(spec: CaseSpec, options: IsolationOptions): Promise<CaseResult> {
  const started = performance.now();
  if (!spec.protocolFile) throw new Error('an isolated case needs the protocol file it loads');
  mkdirSync(spec.folder, { recursive: true });
  const eventsFile = join(spec.folder, 'case.events.jsonl');
  const endFile = join(spec.folder, 'case.end.json');
  const specFile = join(spec.folder, 'case.spec.json');
  const childSpec: CaseChildSpec = {
    family: spec.family.name,
    protocolFile: spec.protocolFile,
    folder: spec.folder,
    ...(spec.workload !== undefined ? { workload: spec.family.workloadToJson(spec.workload) } : {}),
    cut: spec.cut,
    ...(spec.discoverBoundaries ? { discoverBoundaries: true } : {}),
    checkDeterminism: options.checkDeterminism,
    eventsFile,
    endFile,
    ...(options.transport === 'http' ? { transport: 'http' as const } : {}),
  };
  writeFileSync(specFile, JSON.stringify(childSpec));
  writeFileSync(eventsFile, '');
  const watchdog = new LifeWatchdog(eventsFile, options.lifeTimeoutMs);
  const exit = await runChild(CASE_CHILD, [specFile], options.lifeTimeoutMs, { deadline: () => watchdog.deadline() });
  const events = parseHistory(readFileSync(eventsFile, 'utf8'), eventsFile);
  const end = existsSync(endFile) ? (JSON.parse(readFileSync(endFile, 'utf8')) as CaseChildEnd) : undefined;
  for (const file of [eventsFile, endFile, specFile]) rmSync(file, { force: true });
  const log = keepOutput(spec.folder, exit);
  const logged = <R extends CaseResult>(result: R): R => (log ? { ...result, protocolLog: log } : result);
  if (end?.ended === 'completed' && exit.code === 0) return logged(end.result);
  return logged(
    failedCase(spec, events, describeEnd(spec.protocol.name, exit, end, events, options.lifeTimeoutMs), performance.now() - started),
  );
}

/**
 * What the protocol printed goes to our stderr, where a user debugging it
 * looks, and to the case's log, where it stays beside the case; never to
 * our stdout, whose table or JSON it would corrupt.
 */
function keepOutput(folder: string, exit: ChildExit): string | undefined {
  if (exit.stdout) process.stderr.write(exit.stdout);
  if (exit.stderr) process.stderr.write(exit.stderr);
  const printed = [exit.stdout && `--- stdout\n${exit.stdout}`, exit.stderr && `--- stderr\n${exit.stderr}`].filter(Boolean).join('\n');
  if (!printed) return undefined;
  const log = join(folder, 'protocol.log');
  writeFileSync(log, printed);
  return log;
}

function describeEnd(
  protocol: string,
  exit: ChildExit,
  end: CaseChildEnd | undefined,
  events: readonly HistoryEvent[],
  timeoutMs: number,
): string {
  const life = [...events].reverse().find((event) => event.type === 'life')?.life ?? 0;
  const cut = [...events].reverse().find((event) => event.type === 'cut' && event.life === life)?.op;
  const where = `life ${life}${cut ? `, last cut '${cut}'` : ', before any cut'}`;
  if (exit.timedOut)
    return `protocol ${protocol} did not finish ${where} within ${timeoutMs} ms (a loop, or a promise that never settles?); stopped by the watchdog (--life-timeout-ms)`;
  if (end?.ended === 'exit-called') return `protocol ${protocol} ended the process itself (process.exit(${end.code})) in ${where}`;
  // Node exits 13 when the main module's top-level await never settles: nothing was left to wake it up.
  if (exit.code === 13) return `protocol ${protocol} left a promise that never settles in ${where}`;
  const said = stderrGist(exit.stderr);
  const how = exit.signal !== null ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  return `protocol ${protocol}: the case's process ${how} in ${where}${said ? `: ${said}` : ''}`;
}

function failedCase(spec: CaseSpec, events: readonly HistoryEvent[], message: string, ms: number): CaseResult {
  const world = worldSpec(spec.family, {
    protocol: spec.protocol,
    workload: spec.workload ?? spec.family.tableWorkload,
    folder: spec.folder,
    plan: [],
    livesMax: 1,
  });
  writeFileSync(world.files.history, events.map((event) => JSON.stringify(event)).join('\n') + (events.length ? '\n' : ''));
  const result: CaseResult = {
    family: spec.family.name,
    protocol: spec.protocol.name,
    cut: spec.cut,
    effects: {},
    metrics: {},
    cutFired: events.some((event) => event.type === 'crash' && event.life === 0 && event.op === spec.cut?.name),
    end: { kind: 'error', message },
    lives: [],
    cutHits: {},
    localState: {},
    files: world.files,
    timingsMs: { total: Math.round(ms * 1000) / 1000 },
  };
  result.error = caseError(result) ?? message;
  return result;
}

/** The table's case runner in process: a case of a user's protocol file runs isolated; a built-in's runs here. */
export function isolatingCaseRunner(options: IsolationOptions): (spec: CaseSpec) => Promise<CaseResult> {
  return (spec) => (spec.protocolFile ? runIsolatedCase(spec, options) : runCase(spec));
}
