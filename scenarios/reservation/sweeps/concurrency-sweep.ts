import { KEEP_RECEIPTS } from '../../../protocols/receivers/types.js';
import { WORKERS_LIMIT } from '../properties/arbitraries.js';
import { SWEEP_LEASE_MS, SWEEP_RETRY_DELAY_MS, sweepTrials } from './sweep-trials.js';
import type { SweepDefinition } from './sweep.js';

export const WORKER_COUNTS = Array.from({ length: WORKERS_LIMIT }, (_, index) => index + 1);

/**
 * Relay workers draining one outbox, 1 to 8, for a sender without dedup, a
 * warehouse that checks its receipt and applies in two transactions, and one
 * that does both in one. Receipts are kept forever, so every duplicate here
 * comes from a resend that no receipt caught: after a crash or a lost reply
 * (outbox-no-dedup), or two workers sending one row at once after a lease
 * take-over (outbox-no-dedup, check-then-act).
 */
export const CONCURRENCY_SWEEP: SweepDefinition = {
  name: 'concurrency',
  title: 'Concurrency: duplicates per 1,000 intentions against relay workers',
  xLabel: 'relay workers',
  xs: WORKER_COUNTS,
  series: ['outbox-no-dedup', 'check-then-act', 'outbox-dedup'].map((protocol) => ({
    name: protocol,
    trials: (workers: number) => sweepTrials({ protocol, workers, warehouse: KEEP_RECEIPTS }),
  })),
  fixed: `receipts kept forever, retry delay ${SWEEP_RETRY_DELAY_MS} ms, lease ${SWEEP_LEASE_MS} ms; generated crashes, lost replies, unavailability`,
};
