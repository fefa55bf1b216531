import { performance } from 'node:perf_hooks';
import type { StoreMedium } from './connections.js';
import { ORCHESTRATOR } from './case-files.js';
import type { CaseFiles, Family, FamilyProtocol, TableRows } from './family.js';
import { runFamily } from './run-family.js';
import type { Life, LifeRecord, RunEnd } from './runner.js';
import type { ClientFactory } from './worker-context.js';
import type { History } from './history.js';
import { protocolFromFile } from './protocol-file.js';
import type { CrashPoint } from './injector.js';

/** Any family, as the generic table, kill mode and CLI hold it. */
export type AnyFamily = Family<FamilyProtocol, unknown, unknown>;

export interface CaseSpec {
  family: AnyFamily;
  protocol: FamilyProtocol;
  /** What the case asks for; the family's table workload when omitted. */
  workload?: unknown;
  folder: string;
  /** The cut to crash at, on its first hit in the first attempt; null for a fault-free run. */
  cut: { index: number | null; name: string } | null;
  /**
   * Cut discovery: every commit is a boundary, every boundary is named after
   * its source line, and the crash is at the cut's index-th boundary hit
   * (1-based) of the first attempt.
   */
  discoverBoundaries?: boolean;
  afterLife?: (life: Life) => void;
  /** Replaces the file medium (benchmarks trace the SQL through it). */
  medium?: StoreMedium;
  clientFactory?: ClientFactory;
  /** The user's module the protocol came from: each life imports a fresh instance of it. */
  protocolFile?: string;
  /** Where events are recorded (a durable history when the case runs isolated); a new one when omitted. */
  history?: History;
}

export interface CaseResult {
  family: string;
  protocol: string;
  cut: { index: number | null; name: string } | null;
  /** N(k) per intention, read back from the receivers' stores. */
  effects: Record<string, number>;
  /** The family's other counts (the table's second column group). */
  metrics: Record<string, number>;
  /** Whether the armed cut was reached and the crash injected; a case whose fault never fired proves nothing. */
  cutFired: boolean;
  end: RunEnd;
  lives: LifeRecord[];
  cutHits: Record<string, number>;
  /** The orchestrator's tables at the end: the agent's own view of its work. */
  localState: Record<string, TableRows>;
  files: CaseFiles;
  timingsMs: { total: number };
  /** What the protocol printed while the case ran isolated, kept apart from our output. */
  protocolLog?: string;
  /** Set when the case could not be judged: its cut never fired, or the protocol failed with a non-crash error. */
  error?: string;
}

export const CASE_LIVES_MAX = 4;

/**
 * One table case: fresh files in `folder`, one worker, the cut armed at its
 * first hit in the first attempt, recovery until a life completes (at most
 * three recoveries), history.jsonl written beside the stores.
 */
export async function runCase(spec: CaseSpec): Promise<CaseResult> {
  const started = performance.now();
  const workload = spec.workload ?? spec.family.tableWorkload;
  const outcome = await runFamily(spec.family, {
    protocol: spec.protocol,
    workload,
    folder: spec.folder,
    plan: !spec.cut
      ? []
      : spec.discoverBoundaries
        ? [{ life: 0, nth: spec.cut.index ?? 0 }]
        : [tableCrashPoint(spec.family, spec.cut.name, workload)],
    discoverBoundaries: spec.discoverBoundaries ?? false,
    livesMax: CASE_LIVES_MAX,
    writeHistory: true,
    ...(spec.afterLife ? { afterLife: spec.afterLife } : {}),
    ...(spec.medium ? { medium: spec.medium } : {}),
    ...(spec.clientFactory ? { clientFactory: spec.clientFactory } : {}),
    ...(spec.history ? { history: spec.history } : {}),
    ...(spec.protocolFile ? { freshProtocol: freshInstances(spec.family, spec.protocolFile, spec.folder) } : {}),
  });
  // The crash must have fired at this very cut in the first attempt. With discovery the plan arms the nth
  // boundary, so this also checks it is the boundary the fault-free run named there (a deterministic protocol).
  const cutFired = spec.cut === null || outcome.crashes.some((crash) => crash.cut === spec.cut?.name && crash.life === 0);
  const result: CaseResult = {
    family: spec.family.name,
    protocol: spec.protocol.name,
    cut: spec.cut,
    effects: outcome.effects,
    metrics: outcome.metrics,
    cutFired,
    end: outcome.end,
    lives: outcome.lives,
    cutHits: outcome.cutHits,
    localState: outcome.state[ORCHESTRATOR] ?? {},
    files: outcome.files,
    timingsMs: { total: 0 },
  };
  const error = caseError(result);
  if (error) result.error = error;
  result.timingsMs.total = Math.round((performance.now() - started) * 1000) / 1000;
  return result;
}

/** Where a table case crashes at `cut`: the family's own point, else the cut's first hit in the first life. */
export function tableCrashPoint(family: AnyFamily, cut: string, workload: unknown): CrashPoint {
  return family.tableCrash?.(cut, workload) ?? { life: 0, cut };
}

export function caseError(result: Pick<CaseResult, 'end' | 'cutFired' | 'cut'> & Partial<Pick<CaseResult, 'cutHits'>>): string | undefined {
  if (result.end.kind === 'error') return `protocol failed: ${result.end.message}`;
  if (!result.cutFired) return `armed cut '${result.cut?.name}' was never reached, so this case proves nothing${unreachedHint(result)}`;
  if (result.end.kind === 'lives-exhausted') return `no life completed within ${result.end.livesMax} lives`;
  return undefined;
}

/** What the run reached instead, and how a protocol of one's own reaches a cut of the table. */
function unreachedHint({ cut, cutHits }: Pick<CaseResult, 'cut'> & Partial<Pick<CaseResult, 'cutHits'>>): string {
  if (!cut || !cutHits) return '';
  const hits = cutHits[cut.name] ?? 0;
  // The family arms this cut at one hit of it (after an effect, in a later life): the run reached others only.
  if (hits > 0) return ` (the run reached '${cut.name}' ${hits === 1 ? 'once' : `${hits} times`}, never at the hit the table arms: the run took another path)`;
  const reached = Object.keys(cutHits).filter((name) => (cutHits[name] ?? 0) > 0);
  return ` (cuts reached: ${reached.length > 0 ? reached.join(', ') : 'none'}; a protocol reaches this one by \`await ctx.cut('${cut.name}')\` at that boundary, or run --cuts all to find its boundaries unnamed)`;
}

/**
 * A fresh instance of a user's protocol module for every life of one run,
 * named after the run's folder and the life: module variables do not survive
 * a crash, exactly as in a real restart.
 */
export function freshInstances(family: AnyFamily, protocolFile: string, run: string): (life: number) => Promise<FamilyProtocol> {
  return (life) => protocolFromFile(family, protocolFile, protocolFile, `${run}#life-${life}`);
}
