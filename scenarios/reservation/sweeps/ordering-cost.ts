import fc from 'fast-check';
import { KEEP_RECEIPTS } from '../../../protocols/receivers/types.js';
import { MemoryMedium } from '../../../sim/engine/connections.js';
import { updatesInOrder } from '../../../sim/families/reservation/order-checks.js';
import { DEFAULT_BOUNDS, trialArb } from '../properties/arbitraries.js';
import { runTrial, type Trial } from '../properties/trial.js';
import { orderedUpdatesWorkload } from '../properties/workloads.js';

/** What keeping one object's updates in order costs, and what not keeping it costs, over generated trials. */
export interface OrderingCost {
  protocol: string;
  workers: number;
  trials: number;
  updates: number;
  /** Warehouse calls per update, resends and out-of-order refusals included. */
  callsPerUpdate: number;
  /** Updates refused as out of order per 1,000 updates: the sequenced warehouse's extra round trips. */
  outOfOrderPer1000: number;
  /** Trials whose objects ended in a state their recorded order does not give, per 1,000 trials. */
  misorderedPer1000: number;
  /** Mean virtual time until the outbox drained, in virtual ms. */
  drainMsMean: number;
}

function trials(protocol: string, workers: number): fc.Arbitrary<Trial> {
  return trialArb(protocol, DEFAULT_BOUNDS, { intentions: orderedUpdatesWorkload(DEFAULT_BOUNDS) }).map((trial) => ({
    ...trial,
    workers,
    warehouse: KEEP_RECEIPTS,
  }));
}

/**
 * Runs `count` generated trials of the ordered-updates workload (the
 * property's own mix of crashes, lost replies, unavailability and lease
 * take-overs) with `workers` pinned, on in-memory stores, and counts calls,
 * out-of-order refusals, misordered outcomes and the virtual drain time. The
 * same seed draws the same trials for every protocol and worker count.
 */
export async function orderingCost(protocol: string, workers: number, count: number, seed: number): Promise<OrderingCost> {
  let updates = 0;
  let calls = 0;
  let outOfOrder = 0;
  let misordered = 0;
  let drainMs = 0;
  let run = 0;
  const property = fc.asyncProperty(trials(protocol, workers), fc.scheduler(), async (trial, scheduler) => {
    const outcome = await runTrial(trial, { folder: `ordering-${run++}`, medium: new MemoryMedium(), scheduler });
    updates += trial.intentions.length;
    for (const event of outcome.history.all()) {
      if (event.op !== 'reserve') continue;
      if (event.type === 'invoke') calls++;
      const value = event.value as { status?: string; reason?: string } | null;
      if (event.type === 'fail' && value?.status === 'refused' && value.reason === 'out-of-order') outOfOrder++;
    }
    if (updatesInOrder(trial, outcome)) misordered++;
    drainMs += outcome.endedAtMs;
    return true;
  });
  await fc.assert(property, { numRuns: count, seed });
  return {
    protocol,
    workers,
    trials: count,
    updates,
    callsPerUpdate: calls / updates,
    outOfOrderPer1000: (1000 * outOfOrder) / updates,
    misorderedPer1000: (1000 * misordered) / count,
    drainMsMean: drainMs / count,
  };
}
