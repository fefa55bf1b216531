import fc from 'fast-check';
import { KEEP_RECEIPTS } from '../../../protocols/receivers/types.js';
import { resendHorizonMs, trialArb, type TrialBounds } from './arbitraries.js';
import {
  atMostOnce,
  doneOrReconciled,
  exactlyOnceDone,
  firstViolation,
  keyIdentity,
  noneLost,
  ranToEnd,
} from '../../../sim/families/reservation/checks.js';
import { linesSettled } from '../../../sim/families/reservation/line-checks.js';
import { updatesInOrder } from '../../../sim/families/reservation/order-checks.js';
import { refusalsSettled } from '../../../sim/families/reservation/refusal-checks.js';
import { staleOnlyWhenOld } from '../../../sim/families/reservation/stale-checks.js';
import type { PropertyDefinition } from './property.js';
import type { Trial } from './trial.js';
import { linesWorkload, orderedUpdatesWorkload, refusalsWorkload, twinsWorkload } from './workloads.js';

/** Receipts kept at least as long as any resend can follow its effect (see resendHorizonMs). */
function longRetention(bounds: TrialBounds, closedWindow: fc.Arbitrary<boolean>) {
  return (trial: Omit<Trial, 'warehouse'>): fc.Arbitrary<Trial> => {
    const horizon = resendHorizonMs(trial, bounds);
    return fc
      .record({ retentionMs: fc.integer({ min: horizon, max: 2 * horizon }), closedWindow })
      .map((warehouse) => ({ ...trial, warehouse }));
  };
}

/** Receipts that expire before a retry: retention shorter than the largest retry delay. */
function shortRetention(closedWindow: boolean) {
  return (trial: Omit<Trial, 'warehouse'>): fc.Arbitrary<Trial> =>
    fc
      .integer({ min: 1, max: Math.max(1, Math.max(...trial.settings.retryDelaysMs) - 1) })
      .map((retentionMs) => ({ ...trial, warehouse: { retentionMs, closedWindow } }));
}

const keepReceipts = (trial: Omit<Trial, 'warehouse'>): Trial => ({ ...trial, warehouse: KEEP_RECEIPTS });

export const PROPERTY_DEFINITIONS: readonly PropertyDefinition[] = [
  {
    name: 'dedup-safety',
    title:
      'outbox-dedup: N <= 1 for every intention, under crashes (also of recovery), lost replies, unavailability, lease take-overs; retention covers the resend horizon',
    expect: 'hold',
    protocol: 'outbox-dedup',
    trials: (bounds, protocol) => trialArb(protocol, bounds).chain(longRetention(bounds, fc.boolean())),
    check: (trial, outcome) =>
      firstViolation(
        () => ranToEnd(outcome),
        () => atMostOnce(trial, outcome),
      ),
    mustFire: ['crashes', 'crashesInRecovery', 'droppedReplies', 'unavailableCalls', 'concurrentSends', 'replays'],
  },
  {
    name: 'dedup-liveness',
    title: 'outbox-dedup: once faults stop, draining leaves every intention done with N = 1 and the stored result of its effect',
    expect: 'hold',
    protocol: 'outbox-dedup',
    trials: (bounds, protocol) => trialArb(protocol, bounds).chain(longRetention(bounds, fc.constant(false))),
    check: (trial, outcome) =>
      firstViolation(
        () => ranToEnd(outcome),
        () => exactlyOnceDone(trial, outcome),
      ),
    mustFire: ['crashes', 'crashesInRecovery', 'droppedReplies', 'unavailableCalls', 'replays'],
  },
  {
    name: 'identity',
    title: 'same key + other params is rejected with no effect and marked failed; the same key under another tenant is its own intention',
    expect: 'hold',
    protocol: 'outbox-dedup',
    trials: (bounds, protocol) =>
      trialArb(protocol, bounds, { intentions: twinsWorkload(bounds, { reusedKey: true, otherTenant: true }) }).map(keepReceipts),
    check: (trial, outcome) =>
      firstViolation(
        () => ranToEnd(outcome),
        () => keyIdentity(trial, outcome),
      ),
    mustFire: ['rejections', 'crashes', 'replays'],
  },
  {
    name: 'closed-window',
    title:
      'outbox-dedup with receipts shorter-lived than a retry but a closed window: N <= 1, only a request older than the window is refused as stale, and every refused intention is marked for reconciliation',
    expect: 'hold',
    protocol: 'outbox-dedup',
    trials: (bounds, protocol) => trialArb(protocol, bounds).chain(shortRetention(true)),
    check: (trial, outcome) =>
      firstViolation(
        () => ranToEnd(outcome),
        () => atMostOnce(trial, outcome),
        // Progress: without it, a warehouse refusing everything as stale would satisfy this property.
        () => staleOnlyWhenOld(trial, outcome),
        () => doneOrReconciled(trial, outcome),
      ),
    mustFire: ['staleRefusals', 'droppedReplies', 'crashes'],
  },
  {
    name: 'refusals',
    title:
      'outbox-dedup: a definitive refusal ends failed with its reason after one refusal per worker and life; a transient one is retried with back-off until done or given up; nothing stays pending once faults stop',
    expect: 'hold',
    protocol: 'outbox-dedup',
    trials: (bounds, protocol) =>
      trialArb(protocol, bounds, { intentions: refusalsWorkload(bounds) }).chain(longRetention(bounds, fc.constant(false))),
    check: (trial, outcome) =>
      firstViolation(
        () => ranToEnd(outcome),
        () => atMostOnce(trial, outcome),
        () => refusalsSettled(trial, outcome),
      ),
    mustFire: ['definitiveRefusals', 'transientRefusals', 'crashes', 'crashesInRecovery', 'droppedReplies'],
  },
  {
    name: 'ordered-updates',
    title:
      "outbox-dedup: updates to one reservation object (reserve, change-quantity, cancel) end as applying them in the caller's order, whatever order concurrent relays, take-overs and resends deliver them in; each applied once and done",
    expect: 'hold',
    protocol: 'outbox-dedup',
    needs: 'updates to one reservation object (params.update)',
    trials: (bounds, protocol) =>
      trialArb(protocol, bounds, { intentions: orderedUpdatesWorkload(bounds) }).chain(longRetention(bounds, fc.constant(false))),
    check: (trial, outcome) =>
      firstViolation(
        () => ranToEnd(outcome),
        () => atMostOnce(trial, outcome),
        () => exactlyOnceDone(trial, outcome),
        () => updatesInOrder(trial, outcome),
      ),
    mustFire: ['outOfOrderRefusals', 'concurrentSends', 'crashes', 'crashesInRecovery', 'droppedReplies', 'replays'],
  },
  {
    name: 'partial-replies',
    title:
      'outbox-dedup: a request of several lines, partly applied and partly refused or unknown, ends with each line applied once or refused, never twice, never silently dropped, and the local lines say which',
    expect: 'hold',
    protocol: 'outbox-dedup',
    needs: 'requests of several lines (linesRequest)',
    trials: (bounds, protocol) =>
      trialArb(protocol, bounds, { intentions: linesWorkload(bounds) }).chain(longRetention(bounds, fc.constant(false))),
    check: (trial, outcome) =>
      firstViolation(
        () => ranToEnd(outcome),
        () => linesSettled(trial, outcome),
      ),
    mustFire: ['partialReplies', 'definitiveRefusals', 'transientRefusals', 'crashes', 'crashesInRecovery', 'droppedReplies', 'replays'],
  },
  {
    name: 'control-no-dedup',
    title: 'negative control: outbox-no-dedup must be caught with N = 2',
    expect: 'find',
    protocol: 'outbox-no-dedup',
    trials: (bounds, protocol) => trialArb(protocol, bounds).map(keepReceipts),
    check: (trial, outcome) => atMostOnce(trial, outcome),
    mustFire: [],
  },
  {
    name: 'control-mark-first',
    title: 'negative control: mark-first must be caught with N = 0',
    expect: 'find',
    protocol: 'mark-first',
    trials: (bounds, protocol) => trialArb(protocol, bounds).map(keepReceipts),
    check: (trial, outcome) => noneLost(trial, outcome),
    mustFire: [],
  },
  {
    name: 'control-check-then-act',
    title:
      'negative control: a receipt checked and acted on in two transactions must be caught with N = 2 under concurrency, without any crash',
    expect: 'find',
    protocol: 'check-then-act',
    trials: (bounds, protocol) =>
      trialArb(protocol, { ...bounds, workersMax: Math.max(2, bounds.workersMax) }, { workersMin: 2, crashes: fc.constant([]) }).map(
        keepReceipts,
      ),
    check: (trial, outcome) => atMostOnce(trial, outcome),
    mustFire: [],
  },
  {
    name: 'control-key-regenerated',
    title: 'negative control: a key regenerated on resume must be caught with N = 2',
    expect: 'find',
    protocol: 'key-regenerated-on-resume',
    trials: (bounds, protocol) => trialArb(protocol, bounds).map(keepReceipts),
    check: (trial, outcome) => atMostOnce(trial, outcome),
    mustFire: [],
  },
  {
    name: 'control-short-retention',
    title: 'negative control: receipts that expire before a retry, without the closed window, must be caught with N = 2',
    expect: 'find',
    protocol: 'outbox-dedup',
    trials: (bounds, protocol) => trialArb(protocol, bounds).chain(shortRetention(false)),
    check: (trial, outcome) => atMostOnce(trial, outcome),
    mustFire: [],
  },
  {
    name: 'control-tenant-less',
    title: 'negative control: receipts without the tenant must be caught suppressing one tenant (N = 0)',
    expect: 'find',
    protocol: 'tenant-less-receipt',
    trials: (bounds, protocol) =>
      trialArb(protocol, bounds, { intentions: twinsWorkload(bounds, { reusedKey: false, otherTenant: true }) }).map(keepReceipts),
    check: (trial, outcome) => noneLost(trial, outcome),
    mustFire: [],
  },
  {
    name: 'control-retry-definitive',
    title: 'negative control: a relay that retries definitive refusals must be caught leaving them pending (stuck)',
    expect: 'find',
    protocol: 'retry-definitive-refusals',
    trials: (bounds, protocol) => trialArb(protocol, bounds, { intentions: refusalsWorkload(bounds) }).map(keepReceipts),
    check: (trial, outcome) => refusalsSettled(trial, outcome),
    mustFire: [],
  },
  {
    name: 'control-last-writer-wins',
    title: 'negative control: updates sent without their place must be caught ending an object in a state its recorded order does not give',
    expect: 'find',
    protocol: 'last-writer-wins',
    trials: (bounds, protocol) => trialArb(protocol, bounds, { intentions: orderedUpdatesWorkload(bounds) }).map(keepReceipts),
    check: (trial, outcome) => updatesInOrder(trial, outcome),
    mustFire: [],
  },
  {
    name: 'control-resend-whole-new-key',
    title: 'negative control: a relay that resends every line under new keys must be caught applying a line twice',
    expect: 'find',
    protocol: 'resend-whole-new-key',
    trials: (bounds, protocol) => trialArb(protocol, bounds, { intentions: linesWorkload(bounds) }).map(keepReceipts),
    check: (trial, outcome) => linesSettled(trial, outcome),
    mustFire: [],
  },
  {
    name: 'control-partial-is-done',
    title: 'negative control: a relay that marks a partial reply done must be caught dropping a line silently',
    expect: 'find',
    protocol: 'partial-is-done',
    trials: (bounds, protocol) => trialArb(protocol, bounds, { intentions: linesWorkload(bounds) }).map(keepReceipts),
    check: (trial, outcome) => linesSettled(trial, outcome),
    mustFire: [],
  },
];

export function propertyNames(): string[] {
  return PROPERTY_DEFINITIONS.map((property) => property.name);
}

export function findProperty(name: string): PropertyDefinition | undefined {
  return PROPERTY_DEFINITIONS.find((property) => property.name === name);
}
