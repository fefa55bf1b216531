import { OUT_OF_ORDER } from '../../../protocols/reservation/object-updates.js';
import { noFaults } from '../../../sim/check/fault-words.js';
import type { HistoryEvent } from '../../../sim/engine/history.js';

/**
 * The reservation family's faults, and the words a summary prints for each:
 * how often each actually fired is the proof that a property was exercised.
 */
export const RESERVATION_FAULTS = {
  crashes: 'crashes',
  crashesInRecovery: 'in recovery',
  droppedReplies: 'lost replies',
  unavailableCalls: 'unavailable calls',
  /** The same request sent by two workers in one life: a lease taken over while its holder was suspended. */
  concurrentSends: 'lease take-overs',
  replays: 'replays',
  rejections: 'rejections',
  staleRefusals: 'stale refusals',
  /** The warehouse refused for good (unknown part, tenant not allowed). */
  definitiveRefusals: 'definitive refusals',
  /** The warehouse refused for now (out of stock). */
  transientRefusals: 'transient refusals',
  /**
   * An update reached the warehouse before its predecessor and was refused as
   * out of order: the proof that concurrent relays, take-overs or resends
   * really did deliver one object's updates out of the caller's order.
   */
  outOfOrderRefusals: 'out-of-order refusals',
  /**
   * One attempt at a request of several lines ended with some lines applied
   * and others refused or unknown (a lost reply, a crash after some lines).
   */
  partialReplies: 'partial replies',
} as const;

export type ReservationFault = keyof typeof RESERVATION_FAULTS;

function field(value: HistoryEvent['value'], name: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value[name] : undefined;
}

/** How often each fault fired in one run, from its history. */
export function tallyRun(events: readonly HistoryEvent[]): Record<ReservationFault, number> {
  const tally = noFaults(RESERVATION_FAULTS);
  const senders = new Map<string, Set<string>>();
  for (const event of events) {
    if (event.type === 'crash') {
      tally.crashes++;
      if (event.life > 0) tally.crashesInRecovery++;
    }
    if (event.op !== 'reserve') continue;
    if (event.type === 'invoke') {
      const request = `${event.life}/${String(field(event.value, 'tenant'))}/${String(field(event.value, 'key'))}`;
      senders.set(request, (senders.get(request) ?? new Set()).add(event.worker));
    }
    if (event.type === 'info' && field(event.value, 'lost') !== undefined) tally.droppedReplies++;
    if (event.type === 'ok' && field(event.value, 'replayed') === true) tally.replays++;
    if (event.type === 'fail') {
      const status = field(event.value, 'status');
      if (status === 'unavailable') tally.unavailableCalls++;
      if (status === 'rejected') tally.rejections++;
      if (status === 'stale') tally.staleRefusals++;
      if (status === 'refused' && field(event.value, 'reason') === OUT_OF_ORDER) tally.outOfOrderRefusals++;
      else if (status === 'refused') field(event.value, 'definitive') === true ? tally.definitiveRefusals++ : tally.transientRefusals++;
    }
  }
  for (const workers of senders.values()) if (workers.size > 1) tally.concurrentSends++;
  tally.partialReplies += countPartialReplies(events);
  return tally;
}

/** One worker's run of line calls for one request in one attempt, and what their replies were. */
interface LineAttempt {
  request: string;
  lastLine: number;
  applied: number;
  other: number;
}

/**
 * Attempts at a request of several lines (keys `key#n`) that ended partial.
 * A worker's calls are sequential, so each reply belongs to its worker's last
 * call; an attempt ends when the worker calls for another request, or for a
 * line number not after the last (the next attempt).
 */
function countPartialReplies(events: readonly HistoryEvent[]): number {
  const open = new Map<string, LineAttempt>();
  let partial = 0;
  const close = (sender: string) => {
    const attempt = open.get(sender);
    if (attempt && attempt.applied > 0 && attempt.other > 0) partial++;
    open.delete(sender);
  };
  for (const event of events) {
    if (event.op !== 'reserve') continue;
    const sender = `${event.life}/${event.worker}`;
    if (event.type === 'invoke') {
      const [base, line] = String(field(event.value, 'key')).split('#');
      const lineNo = Number.parseInt(line ?? '', 10);
      const current = open.get(sender);
      if (!current || current.request !== base || !(lineNo > current.lastLine)) close(sender);
      if (Number.isNaN(lineNo)) continue;
      const attempt = open.get(sender) ?? { request: base ?? '', lastLine: 0, applied: 0, other: 0 };
      open.set(sender, { ...attempt, lastLine: lineNo });
      continue;
    }
    const attempt = open.get(sender);
    if (!attempt) continue;
    if (event.type === 'ok') attempt.applied++;
    else attempt.other++;
  }
  for (const sender of [...open.keys()]) close(sender);
  return partial;
}
