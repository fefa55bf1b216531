import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TransportFaults } from '../../sim/engine/family.js';
import type { CrashPoint } from '../../sim/engine/injector.js';
import { runFamily, type FamilyOutcome } from '../../sim/engine/run-family.js';
import { handoverFamily } from '../../sim/families/handover/family.js';
import { DEFAULT_HANDOVER_SETTINGS, TABLE_WORKLOAD } from '../../sim/families/handover/workload.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { referenceHarness } from './reference-harness.js';

const root = tempFolder('handover-recovery');
const HOUR_MS = 3_600_000;
let cases = 0;

/** The reference harness on the seed's conversation (chest pain, a nurse, a return), with crashes and transport faults. */
async function live(plan: CrashPoint[], faults?: TransportFaults): Promise<FamilyOutcome> {
  return runFamily(handoverFamily, {
    protocol: referenceHarness,
    workload: TABLE_WORKLOAD,
    folder: join(root, String(++cases)),
    plan,
    livesMax: 4,
    writeHistory: true,
    ...(faults ? { faults } : {}),
  });
}

const rows = (outcome: FamilyOutcome, store: string, table: string) => outcome.state[store]?.[table] ?? [];

/** What every recovered run of the seed's conversation must leave: one ticket, one notice after it, the nurse's return, all handled. */
function expectOneHandover(outcome: FamilyOutcome): void {
  expect(outcome.end).toEqual({ kind: 'completed' });
  expect(outcome.effects).toEqual({ 'c1#1': 1 });
  expect(outcome.metrics).toMatchObject({
    'notices:c1#1': 1,
    'noticesBeforeTicket:c1#1': 0,
    repliesWhileWithHuman: 0,
    unansweredAfterReturn: 0,
  });
  expect(handoverFamily.judge(TABLE_WORKLOAD, outcome)).toBeUndefined();
  const [handover] = rows(outcome, 'orchestrator', 'handovers');
  expect(handover).toMatchObject({ seq: 1, notified: 1, returned_by: 'e3' });
  expect(JSON.parse(String(handover?.ticket))).toMatchObject({ status: 'ok' });
  expect(rows(outcome, 'orchestrator', 'events').map((event) => event.state)).toEqual(['handled', 'handled', 'handled', 'handled']);
  expect(rows(outcome, 'orchestrator', 'conversations')).toMatchObject([{ handover_state: 'returned', claimed_by: null }]);
  // The return's notice reached the user, under its own key.
  expect(rows(outcome, 'message-channel', 'messages').map((message) => message.request_key)).toContain('c1:returned:1');
}

describe('the reference harness recovers from a crash at every cut of the table', () => {
  for (const cut of handoverFamily.cuts.map((point) => point.name)) {
    it(`crash at ${cut}: one ticket, one notice, nothing decided twice`, async () => {
      const outcome = await live([{ life: 0, cut }]);
      expect(outcome.crashes.map((crash) => ({ cut: crash.cut, life: crash.life }))).toEqual([{ cut, life: 0 }]);
      expectOneHandover(outcome);
      expect(rows(outcome, 'orchestrator', 'transcript').filter((line) => line.role === 'handover')).toHaveLength(1);
      // What a life settled is not sent again: only the ticket whose reply the crash lost is sent a second time.
      const sends = (key: string) =>
        outcome.history.all().filter((event) => event.type === 'invoke' && JSON.stringify(event.value).includes(`"key":"${key}"`)).length;
      expect([sends('c1:handover-1'), sends('c1:notice:1'), sends('c1:returned:1')]).toEqual([cut === 'ticket-enqueued' ? 2 : 1, 1, 1]);
    });
  }
});

describe('the reference harness waits out receivers that do not settle', () => {
  it('a queue and channel down through the handover: the event stays unhandled and a later drain finishes it', async () => {
    const outcome = await live([], { unavailable: [{ fromMs: 9 * HOUR_MS, toMs: 9 * HOUR_MS + 5 * 60_000 }], dropReplies: [] });
    expectOneHandover(outcome);
    // The fault fired: the first enqueue failed, and the ticket was made once the window closed.
    expect(outcome.history.all().find((event) => event.op === 'enqueue_ticket' && event.type !== 'invoke')).toMatchObject({
      type: 'fail',
      value: { status: 'unavailable' },
    });
    const [ticket] = rows(outcome, 'human-queue', 'tickets');
    expect(Number(ticket?.created_at_ms)).toBeGreaterThanOrEqual(9 * HOUR_MS + 5 * 60_000);
  });

  it('every reply lost once: each send is repeated and replayed, never applied twice', async () => {
    const outcome = await live([], { unavailable: [], dropReplies: [1, 2, 3, 4, 5, 6, 7, 8] });
    expectOneHandover(outcome);
    const lost = outcome.history.all().filter((event) => event.type === 'info' && JSON.stringify(event.value).includes('reply dropped'));
    expect(lost).toHaveLength(8);
    expect(JSON.parse(String(rows(outcome, 'orchestrator', 'handovers')[0]?.ticket))).toMatchObject({ replayed: true });
    // Once no message is left to drain, the harness asks to be resumed a retry delay later, and is.
    const waits = outcome.history
      .all()
      .filter((event) => event.op === 'work left')
      .map((event) => Number(event.value));
    expect(waits.length).toBeGreaterThan(1);
    const { retryDelayMs, callLatencyMs } = DEFAULT_HANDOVER_SETTINGS;
    expect(waits.slice(1).map((atMs, n) => atMs - waits[n]!)).toEqual(waits.slice(1).map(() => retryDelayMs + callLatencyMs));
    const keys = rows(outcome, 'message-channel', 'messages').map((message) => message.request_key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
