import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FileMedium } from '../engine/connections.js';
import { parseHistory, type HistoryEvent } from '../engine/history.js';
import type { LifeRecord, RunEnd } from '../engine/runner.js';
import { countEffects } from '../reservation/count-effects.js';
import { readLocalState } from '../reservation/local-state.js';
import type { CaseResult, CaseSpec } from '../reservation/run-case.js';
import { caseFiles, createFreshStores, readStore } from '../reservation/stores.js';
import { runChild } from './children.js';
import { compiledEntry } from './entry-path.js';
import { classifyLife, type LifeVerdict } from './life-verdict.js';
import type { LifeCompleted, LifeSpec } from './life-spec.js';

/** One child process per life, as the parent saw it end: the proof that each fault really fired. */
export interface ChildRecord {
  life: number;
  pid: number;
  verdict: LifeVerdict['kind'];
  code: number | null;
  signal: string | null;
  ms: number;
}

export type KillCaseResult = CaseResult & { crashMode: 'kill'; children: ChildRecord[] };

export interface KillCaseOptions {
  /** A child still alive after this long is killed by the parent and the case reported as timed out. */
  lifeTimeoutMs: number;
}

const LIFE_CHILD = compiledEntry(new URL('./life-child.js', import.meta.url));
const LIVES_MAX = 4;

/**
 * A table case in kill mode: the same case as `runCase`, but each process
 * life runs in a child process of its own. The attempt's child is killed
 * with SIGKILL at the armed cut; recovery starts a new child on the same
 * files; the parent then counts N with a connection of its own, as in-process
 * mode does, and assembles history.jsonl from what each child appended.
 */
export async function runKillCase(spec: Omit<CaseSpec, 'afterLife' | 'medium'>, options: KillCaseOptions): Promise<KillCaseResult> {
  const started = performance.now();
  const medium = new FileMedium();
  const files = caseFiles(spec.folder);
  createFreshStores(medium, files, spec.protocol.localSchema);
  const events: HistoryEvent[] = [];
  const lives: LifeRecord[] = [];
  const children: ChildRecord[] = [];
  let end: RunEnd = { kind: 'lives-exhausted', livesMax: LIVES_MAX };
  let clockMs = 0;

  for (let index = 0; index < LIVES_MAX; index++) {
    const eventsFile = join(spec.folder, `life-${index}.events.jsonl`);
    const lifeSpec: LifeSpec = {
      protocol: spec.protocol.name,
      intentions: [...spec.intentions],
      files,
      life: index,
      plan: spec.cut ? [{ life: 0, cut: spec.cut.name }] : [],
      startMs: clockMs,
      transportCalls: events.filter((event) => event.op === 'reserve' && event.type === 'invoke').length,
      eventsFile,
      relayRoundsMax: 100,
    };
    writeFileSync(eventsFile, '');
    const exit = await runChild(LIFE_CHILD, [JSON.stringify(lifeSpec)], options.lifeTimeoutMs);
    const lifeEvents = parseHistory(readFileSync(eventsFile, 'utf8'), eventsFile);
    rmSync(eventsFile);
    events.push(...lifeEvents);
    const verdict = classifyLife(exit, lifeEvents, index, index === 0 ? (spec.cut?.name ?? null) : null, options.lifeTimeoutMs);
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
      continue;
    }
    if (verdict.kind === 'completed') {
      lives.push({ index, quiet: false, ended: 'completed' });
      clockMs = (JSON.parse(exit.stdout.trim().split('\n').at(-1) ?? '{}') as LifeCompleted).clockMs;
      end = { kind: 'completed' };
    } else {
      end = { kind: 'error', message: verdict.message };
    }
    break;
  }

  writeFileSync(files.history, events.map((event, seq) => JSON.stringify({ ...event, seq })).join('\n') + (events.length ? '\n' : ''));
  const effects = readStore(medium, files.warehouse, (db) => countEffects(db, spec.intentions));
  const cutFired = spec.cut === null || children[0]?.verdict === 'killed-at-cut';
  const result: KillCaseResult = {
    protocol: spec.protocol.name,
    cut: spec.cut,
    effects,
    cutFired,
    end,
    lives,
    cutHits: hitsOf(events),
    localState: readStore(medium, files.orchestrator, readLocalState),
    files,
    timingsMs: { total: 0 },
    crashMode: 'kill',
    children,
  };
  const error =
    end.kind === 'error'
      ? end.message
      : !cutFired
        ? `armed cut '${spec.cut?.name}' was never reached, so this case proves nothing`
        : end.kind === 'lives-exhausted'
          ? `no life completed within ${LIVES_MAX} lives`
          : undefined;
  if (error) result.error = error;
  result.timingsMs.total = Math.round((performance.now() - started) * 1000) / 1000;
  return result;
}

/** Hits per cut name over every life, in the injector's order (by name). */
function hitsOf(events: readonly HistoryEvent[]): Record<string, number> {
  const hits = new Map<string, number>();
  for (const event of events) if (event.type === 'cut') hits.set(event.op, (hits.get(event.op) ?? 0) + 1);
  return Object.fromEntries([...hits.entries()].sort(([a], [b]) => a.localeCompare(b)));
}
