import { SWEEP_LEASE_MS, SWEEP_RETRY_DELAY_MS, sweepTrials } from './sweep-trials.js';
import type { SweepDefinition } from './sweep.js';

/**
 * Retention as a multiple of the retry delay. Dense around 1, where a single
 * resend starts to find its receipt gone; then out to where no chain of
 * resends in a generated trial is that long.
 */
export const RETENTION_RATIOS = [0.25, 0.5, 0.75, 0.9, 1, 1.1, 1.5, 2, 3, 4, 5, 6, 8] as const;

/** One relay worker: lease take-overs belong to the concurrency sweep, so here only retention moves. */
const RETENTION_WORKERS = 1;

/**
 * outbox-dedup with receipts kept `ratio × retry delay`, without and with
 * the closed window, over the property runs' generated crashes, lost replies
 * and unavailability. A resend whose receipt is older than the retention
 * looks new: without the window it is applied again; with it, the request is
 * refused as stale instead.
 */
export const RETENTION_SWEEP: SweepDefinition = {
  name: 'retention',
  title: 'Receipt retention: duplicates per 1,000 intentions, outbox-dedup',
  xLabel: 'receipt retention ÷ retry delay',
  xs: RETENTION_RATIOS,
  series: [false, true].map((closedWindow) => ({
    name: closedWindow ? 'with closed window' : 'without closed window',
    trials: (ratio: number) =>
      sweepTrials({
        protocol: 'outbox-dedup',
        workers: RETENTION_WORKERS,
        warehouse: { retentionMs: Math.round(ratio * SWEEP_RETRY_DELAY_MS), closedWindow },
      }),
  })),
  fixed: `retry delay ${SWEEP_RETRY_DELAY_MS} ms, lease ${SWEEP_LEASE_MS} ms, ${RETENTION_WORKERS} relay worker; generated crashes, lost replies, unavailability`,
};
