import { performance } from 'node:perf_hooks';
import type { Intention, Protocol } from '../../protocols/types.js';
import type { StoreMedium } from '../engine/connections.js';
import type { Life, LifeRecord, RunEnd } from '../engine/runner.js';
import type { TableRows } from './local-state.js';
import { runReservation } from './run-reservation.js';
import type { CaseFiles } from './stores.js';

export interface CaseSpec {
  protocol: Protocol;
  intentions: readonly Intention[];
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
}

export interface CaseResult {
  protocol: string;
  cut: { index: number | null; name: string } | null;
  /** N(k) per intention, read back from warehouse.db. */
  effects: Record<string, number>;
  /** Whether the armed cut was reached and the crash injected; a case whose fault never fired proves nothing. */
  cutFired: boolean;
  end: RunEnd;
  lives: LifeRecord[];
  cutHits: Record<string, number>;
  localState: Record<string, TableRows>;
  files: CaseFiles;
  timingsMs: { total: number };
  /** Set when the case could not be judged: its cut never fired, or the protocol failed with a non-crash error. */
  error?: string;
}

/**
 * One table case: fresh files in `folder`, one worker, the cut armed at its
 * first hit in the first attempt, recovery until a life completes (at most
 * three recoveries), history.jsonl written beside the stores.
 */
export async function runCase(spec: CaseSpec): Promise<CaseResult> {
  const started = performance.now();
  const outcome = await runReservation({
    protocol: spec.protocol,
    intentions: spec.intentions,
    folder: spec.folder,
    plan: !spec.cut ? [] : spec.discoverBoundaries ? [{ life: 0, nth: spec.cut.index ?? 0 }] : [{ life: 0, cut: spec.cut.name }],
    discoverBoundaries: spec.discoverBoundaries ?? false,
    livesMax: 4,
    writeHistory: true,
    ...(spec.afterLife ? { afterLife: spec.afterLife } : {}),
    ...(spec.medium ? { medium: spec.medium } : {}),
  });
  // The crash must have fired at this very cut in the first attempt. With discovery the plan arms the nth
  // boundary, so this also checks it is the boundary the fault-free run named there (a deterministic protocol).
  const cutFired = spec.cut === null || outcome.crashes.some((crash) => crash.cut === spec.cut?.name && crash.life === 0);
  const result: CaseResult = {
    protocol: spec.protocol.name,
    cut: spec.cut,
    effects: outcome.effects,
    cutFired,
    end: outcome.end,
    lives: outcome.lives,
    cutHits: outcome.cutHits,
    localState: outcome.localState,
    files: outcome.files,
    timingsMs: { total: 0 },
  };
  const error = caseError(result);
  if (error) result.error = error;
  result.timingsMs.total = Math.round((performance.now() - started) * 1000) / 1000;
  return result;
}

function caseError(result: CaseResult): string | undefined {
  if (result.end.kind === 'error') return `protocol failed: ${result.end.message}`;
  if (!result.cutFired) return `armed cut '${result.cut?.name}' was never reached, so this case proves nothing`;
  if (result.end.kind === 'lives-exhausted') return `no life completed within ${result.end.livesMax} lives`;
  return undefined;
}
