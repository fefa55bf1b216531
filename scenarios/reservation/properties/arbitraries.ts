import fc from 'fast-check';
import type { Intention, ProtocolSettings } from '../../../protocols/reservation/types.js';
import type { TransportFaults } from '../../../sim/engine/family.js';
import type { Trial } from './trial.js';

/** The limits of a generated trial. Every arbitrary below stays within them. */
export interface TrialBounds {
  /** Relay workers, 1 to 8. */
  workersMax: number;
  intentionsMax: number;
  /** Crashes per trial, each in a later life: the second and later ones are crashes of recovery. */
  crashesMax: number;
  /** Replies lost in transit per trial. */
  dropsMax: number;
}

export const DEFAULT_BOUNDS: TrialBounds = { workersMax: 4, intentionsMax: 4, crashesMax: 3, dropsMax: 2 };
export const WORKERS_LIMIT = 8;

/** Two tenants share one small key space, so the same key text under two tenants comes up often. */
export const TENANTS = ['tenantA', 'tenantB'] as const;
const KEYS = ['k1', 'k2', 'k3'] as const;

export const intentionArb: fc.Arbitrary<Intention> = fc.record({
  tenant: fc.constantFrom(...TENANTS),
  key: fc.constantFrom(...KEYS),
  params: fc.record({ part: fc.constantFrom('bolt', 'gear'), qty: fc.integer({ min: 1, max: 3 }) }),
});

/** Intentions with distinct identities (tenant, key). */
export function distinctIntentions(bounds: TrialBounds): fc.Arbitrary<Intention[]> {
  return fc.uniqueArray(intentionArb, { minLength: 1, maxLength: bounds.intentionsMax, selector: (i) => `${i.tenant}:${i.key}` });
}

export function crashesArb(bounds: TrialBounds): fc.Arbitrary<number[]> {
  return fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: bounds.crashesMax });
}

export const settingsArb: fc.Arbitrary<ProtocolSettings> = fc.record({
  leaseMs: fc.integer({ min: 100, max: 5_000 }),
  retryDelaysMs: fc.array(fc.integer({ min: 50, max: 3_000 }), { minLength: 1, maxLength: 3 }),
  // Fixed at the default, so that a pinned seed's trials stay the same. A give-up is written only under the relay's
  // live lease (outbox-seams.ts), so a lower cap holds too (a cap of 1: `refusals`, seeds 1 to 3, 300 runs each).
  refusedAttemptsMax: fc.constant(6),
});

export function faultsArb(bounds: TrialBounds): fc.Arbitrary<TransportFaults> {
  return fc.record({
    unavailable: fc.array(
      fc
        .record({ fromMs: fc.integer({ min: 0, max: 8_000 }), lengthMs: fc.integer({ min: 1, max: 4_000 }) })
        .map(({ fromMs, lengthMs }) => ({ fromMs, toMs: fromMs + lengthMs })),
      { maxLength: 2 },
    ),
    dropReplies: fc.uniqueArray(fc.integer({ min: 1, max: 10 }), { maxLength: bounds.dropsMax }),
  });
}

export function workersArb(bounds: TrialBounds, min = 1): fc.Arbitrary<number> {
  return fc.integer({ min: Math.min(min, bounds.workersMax), max: bounds.workersMax });
}

/**
 * The longest a resend can follow its effect within a trial's bounds: every
 * fault that can cause one more resend (a crash, a lost reply, a lease taken
 * over by another worker, the first send itself) may wait up to a lease plus
 * the largest retry delay, and unavailability adds its windows. Receipts kept
 * at least this long can never expire before the last resend.
 */
export function resendHorizonMs(trial: Omit<Trial, 'warehouse'>, bounds: TrialBounds): number {
  const faults = bounds.crashesMax + bounds.dropsMax + trial.workers + 2;
  const unavailableMs = trial.faults.unavailable.reduce((sum, window) => sum + (window.toMs - window.fromMs), 0);
  return faults * (trial.settings.leaseMs + Math.max(...trial.settings.retryDelaysMs)) + unavailableMs;
}

/** The common shape: one protocol, generated workload, workers, crashes, settings and transport faults. */
export function trialArb(
  protocol: string,
  bounds: TrialBounds,
  parts: { intentions?: fc.Arbitrary<Intention[]>; workersMin?: number; crashes?: fc.Arbitrary<number[]> } = {},
): fc.Arbitrary<Omit<Trial, 'warehouse'>> {
  return fc.record({
    protocol: fc.constant(protocol),
    intentions: parts.intentions ?? distinctIntentions(bounds),
    workers: workersArb(bounds, parts.workersMin),
    crashAtHit: parts.crashes ?? crashesArb(bounds),
    settings: settingsArb,
    faults: faultsArb(bounds),
  });
}
