import type fc from 'fast-check';
import type { ReceiverSettings as WarehouseSettings } from '../../../protocols/receivers/types.js';
import { DEFAULT_BOUNDS, WORKERS_LIMIT, trialArb, type TrialBounds } from '../properties/arbitraries.js';
import type { Trial } from '../properties/trial.js';

/** The one retry delay of every sweep trial, in virtual ms: the retention sweep's unit. */
export const SWEEP_RETRY_DELAY_MS = 1_000;

/**
 * The lease of every sweep trial. A resend after a lost reply waits the
 * retry delay; a resend after a crash, or by a worker taking a row over,
 * waits for the dead or suspended holder's lease to end. So a receipt is
 * `retry delay` old at the first kind of resend and `lease` old at the
 * second. With the lease equal to the retry delay, every single resend finds
 * its receipt exactly one retry delay old, and the step where duplicates
 * start sits at retention = retry delay, where the model says it is. A longer
 * lease would move the crash resends' step to lease / retry delay; a shorter
 * one would hide them below it.
 */
export const SWEEP_LEASE_MS = SWEEP_RETRY_DELAY_MS;

/**
 * The generated part of a sweep trial: the property runs' own mix (up to 4
 * intentions, up to 3 crashes including crashes of recovery, up to 2 lost
 * replies, up to 2 unavailability windows). Workers up to the limit, so the
 * concurrency sweep can pin any count from 1 to 8.
 */
export const SWEEP_BOUNDS: TrialBounds = { ...DEFAULT_BOUNDS, workersMax: WORKERS_LIMIT };

/** What a sweep pins in every generated trial of one point. */
export interface Pinned {
  protocol: string;
  workers: number;
  warehouse: WarehouseSettings;
}

/**
 * Generated trials with the point's parameters pinned and the timing fixed.
 * The pinned fields are still drawn and then replaced, so the same seed draws
 * the same intentions, crashes and transport faults at every point of a
 * sweep: points differ by their parameter, not by their luck.
 */
export function sweepTrials(pinned: Pinned): fc.Arbitrary<Trial> {
  return trialArb(pinned.protocol, SWEEP_BOUNDS).map((trial) => ({
    ...trial,
    workers: pinned.workers,
    settings: { leaseMs: SWEEP_LEASE_MS, retryDelaysMs: [SWEEP_RETRY_DELAY_MS], refusedAttemptsMax: 6 },
    warehouse: pinned.warehouse,
  }));
}
