import { performance } from 'node:perf_hooks';
import { intentionId, type Intention, type Protocol, type ProtocolSettings } from '../../protocols/types.js';
import type { CrashPoint } from '../engine/injector.js';
import { runLives, type Life, type LifeRecord, type RunEnd } from '../engine/runner.js';
import { countEffects } from './count-effects.js';
import { readLocalState, type TableRows } from './local-state.js';
import { reservationScenario } from './scenario.js';
import { caseFiles, createFreshStores, type CaseFiles } from './stores.js';

export const DEFAULT_SETTINGS: ProtocolSettings = { leaseMs: 30_000, retryDelayMs: 1_000 };

export interface CaseSpec {
  protocol: Protocol;
  intentions: readonly Intention[];
  folder: string;
  /** The cut to crash at, on its first hit in the first attempt; null for a fault-free run. */
  cut: { index: number | null; name: string } | null;
  settings?: ProtocolSettings;
  /** Bound on process lives: the attempt plus recoveries. */
  livesMax?: number;
  workers?: number;
  afterLife?: (life: Life) => void;
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
 * One case: fresh stores in `folder`, the protocol run with the cut armed,
 * recovery with fresh connections until a life completes, then N counted per
 * intention with a connection of the checker's own. Writes history.jsonl.
 */
export async function runCase(spec: CaseSpec): Promise<CaseResult> {
  const started = performance.now();
  const files = caseFiles(spec.folder);
  createFreshStores(files, spec.protocol.localSchema);
  const plan: CrashPoint[] = spec.cut ? [{ life: 0, cut: spec.cut.name }] : [];
  const outcome = await runLives(
    reservationScenario({
      protocol: spec.protocol,
      intentions: spec.intentions,
      files,
      settings: spec.settings ?? DEFAULT_SETTINGS,
      workers: spec.workers ?? 1,
      relayRoundsMax: 100,
    }),
    { plan, livesMax: spec.livesMax ?? 4, ...(spec.afterLife ? { afterLife: spec.afterLife } : {}) },
  );
  outcome.history.writeJsonl(files.history);

  const cutFired = spec.cut === null || outcome.crashes.some((crash) => crash.cut === spec.cut?.name && crash.life === 0);
  const result: CaseResult = {
    protocol: spec.protocol.name,
    cut: spec.cut,
    effects: countEffects(files.warehouse, spec.intentions.map(intentionId)),
    cutFired,
    end: outcome.end,
    lives: outcome.lives,
    cutHits: outcome.hits,
    localState: readLocalState(files.orchestrator),
    files,
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
