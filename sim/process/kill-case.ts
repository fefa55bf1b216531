import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ORCHESTRATOR, createFreshStores } from '../engine/case-files.js';
import { FileMedium } from '../engine/connections.js';
import { parseHistory, type HistoryEvent } from '../engine/history.js';
import { CASE_LIVES_MAX, caseError, tableCrashPoint, type CaseResult, type CaseSpec } from '../engine/run-case.js';
import { observe, storeSchemas, worldSpec } from '../engine/run-family.js';
import type { LifeRecord, RunEnd } from '../engine/runner.js';
import { startCaseServers, type CaseServers } from './case-servers.js';
import type { ServerDeath } from './supervised-receiver.js';
import { runChild, stderrGist } from './children.js';
import { compiledEntry } from './entry-path.js';
import { LifeWatchdog } from './life-watchdog.js';
import { classifyLife, type LifeVerdict } from './life-verdict.js';
import { LIFE_ENVIRONMENT_FAILED_EXIT, type LifeCompleted, type LifeEnvironmentFailed, type LifeSpec } from './life-spec.js';
import { EnvironmentFailure } from '../engine/environment-failure.js';
import { byCodePoint } from '../engine/code-point-order.js';

/** One child process per life, as the parent saw it end: the proof that each fault really fired. */
export interface ChildRecord {
  life: number;
  pid: number;
  verdict: LifeVerdict['kind'];
  code: number | null;
  signal: string | null;
  ms: number;
}

/** A receiver's server process over HTTP, as the case saw it: how many were started, how they died, what reached them. */
export interface ServerRecord {
  receiver: string;
  /** 1 when one server served every life of the case. */
  started: number;
  deaths: readonly ServerDeath[];
  /** Writes (POSTs) its proxy forwarded. */
  writes: number;
}

export type KillCaseResult = CaseResult & { crashMode: 'kill'; children: ChildRecord[]; servers?: ServerRecord[] };

export interface KillCaseOptions {
  /** A child still alive after this long is killed by the parent and the case reported as timed out. */
  lifeTimeoutMs: number;
  /** `http`: each receiver is a server process of its own, which lives on while the client's children are killed. */
  transport?: 'in-process' | 'http';
}

const LIFE_CHILD = compiledEntry(new URL('./life-child.js', import.meta.url));

/**
 * A table case in kill mode: the same case as `runCase`, but each process
 * life runs in a child process of its own. The attempt's child is killed
 * with SIGKILL at the armed cut; recovery starts a new child on the same
 * files; the parent then observes the stores with connections of its own,
 * as in-process mode does, and assembles history.jsonl from what each child appended.
 */
export async function runKillCase(spec: Omit<CaseSpec, 'afterLife' | 'medium'>, options: KillCaseOptions): Promise<KillCaseResult> {
  const started = performance.now();
  const { family } = spec;
  const medium = new FileMedium();
  const workload = spec.workload ?? family.tableWorkload;
  const world = worldSpec(family, { protocol: spec.protocol, workload, folder: spec.folder, plan: [], livesMax: CASE_LIVES_MAX });
  createFreshStores(medium, world.files, storeSchemas(family, spec.protocol));
  const events: HistoryEvent[] = [];
  const lives: LifeRecord[] = [];
  const children: ChildRecord[] = [];
  let end: RunEnd = { kind: 'lives-exhausted', livesMax: CASE_LIVES_MAX };
  let clockMs = 0;
  let transportCalls = 0;

  // Over HTTP the receivers run as server processes of their own for the whole case: a killed client leaves them serving.
  const servers = options.transport === 'http' ? await startCaseServers(family, spec.protocol, world.files.stores) : undefined;
  try {
    for (let index = 0; index < CASE_LIVES_MAX; index++) {
      const eventsFile = join(spec.folder, `life-${index}.events.jsonl`);
      const endFile = join(spec.folder, `life-${index}.end.json`);
      const lifeSpec: LifeSpec = {
        family: family.name,
        protocol: spec.protocol.name,
        ...(spec.protocolFile ? { protocolFile: spec.protocolFile } : {}),
        workload: family.workloadToJson(workload),
        folder: spec.folder,
        life: index,
        plan: spec.cut ? [tableCrashPoint(family, spec.cut.name, workload)] : [],
        startMs: clockMs,
        transportCalls,
        eventsFile,
        endFile,
        roundsMax: world.roundsMax,
        ...(servers ? { receiverUrls: servers.urls } : {}),
      };
      writeFileSync(eventsFile, '');
      // The spec travels in a file: a workload may be larger than a command line can hold.
      const specFile = join(spec.folder, `life-${index}.spec.json`);
      writeFileSync(specFile, JSON.stringify(lifeSpec));
      const watchdog = new LifeWatchdog(eventsFile, options.lifeTimeoutMs);
      const exit = await runChild(LIFE_CHILD, [specFile], options.lifeTimeoutMs, { deadline: () => watchdog.deadline() });
      rmSync(specFile);
      const lifeEvents = parseHistory(readFileSync(eventsFile, 'utf8'), eventsFile);
      const said = existsSync(endFile) ? (JSON.parse(readFileSync(endFile, 'utf8')) as LifeCompleted | LifeEnvironmentFailed) : undefined;
      rmSync(eventsFile);
      rmSync(endFile, { force: true });
      // The machine failed the child's stores (a full disk): the command stops with its line, as it would in process.
      if (said?.ended === 'environment-failure') throw new EnvironmentFailure(said.message);
      if (said === undefined && exit.code === LIFE_ENVIRONMENT_FAILED_EXIT && exit.signal === null)
        throw new EnvironmentFailure(stderrGist(exit.stderr) || `the child process of life ${index} could not use its stores`);
      const completed = said;
      events.push(...lifeEvents);
      const verdict = classifyLife(
        exit,
        lifeEvents,
        index,
        index === 0 ? (spec.cut?.name ?? null) : null,
        options.lifeTimeoutMs,
        completed !== undefined,
      );
      children.push({
        life: index,
        pid: exit.pid,
        verdict: verdict.kind,
        code: exit.code,
        signal: exit.signal,
        ms: Math.round(exit.ms * 10) / 10,
      });
      if (verdict.kind === 'killed-at-cut') {
        lives.push({ index, quiet: false, ended: 'crashed', crash: verdict.hit });
        clockMs = verdict.hit.atMs;
        // A killed child cannot say how many calls it made: count its invokes that carry a transport ordinal.
        transportCalls += lifeEvents.filter((event) => event.type === 'invoke' && hasCall(event)).length;
        continue;
      }
      if (verdict.kind === 'completed' && completed) {
        lives.push({ index, quiet: false, ended: 'completed' });
        clockMs = completed.clockMs;
        transportCalls = completed.transportCalls;
        end = { kind: 'completed' };
      } else {
        end = { kind: 'error', message: verdict.kind === 'completed' ? 'the child completed without saying so' : verdict.message };
      }
      break;
    }
  } finally {
    await servers?.stop();
  }
  const serverRecords = servers ? serverRecordsOf(servers) : undefined;

  writeFileSync(
    world.files.history,
    events.map((event, seq) => JSON.stringify({ ...event, seq })).join('\n') + (events.length ? '\n' : ''),
  );
  const observation = observe(family, medium, world);
  const cutFired = spec.cut === null || children[0]?.verdict === 'killed-at-cut';
  const result: KillCaseResult = {
    family: family.name,
    protocol: spec.protocol.name,
    cut: spec.cut,
    effects: observation.effects,
    metrics: observation.metrics,
    cutFired,
    end,
    lives,
    cutHits: hitsOf(events),
    localState: observation.state[ORCHESTRATOR] ?? {},
    files: world.files,
    timingsMs: { total: 0 },
    crashMode: 'kill',
    children,
    ...(serverRecords ? { servers: serverRecords } : {}),
  };
  const error = caseError(result);
  if (error) result.error = error;
  result.timingsMs.total = Math.round((performance.now() - started) * 1000) / 1000;
  return result;
}

export function serverRecordsOf(servers: CaseServers): ServerRecord[] {
  return [...servers.receivers].map(([receiver, supervised], index) => ({
    receiver,
    started: supervised.started(),
    deaths: [...supervised.deaths],
    writes: servers.proxies[index]?.events.filter((event) => event.method === 'POST').length ?? 0,
  }));
}

function hasCall(event: HistoryEvent): boolean {
  const value = event.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) && typeof value['call'] === 'number';
}

/** Hits per cut name over every life, in the injector's order (by name). */
function hitsOf(events: readonly HistoryEvent[]): Record<string, number> {
  const hits = new Map<string, number>();
  for (const event of events) if (event.type === 'cut') hits.set(event.op, (hits.get(event.op) ?? 0) + 1);
  return Object.fromEntries([...hits.entries()].sort(([a], [b]) => byCodePoint(a, b)));
}
