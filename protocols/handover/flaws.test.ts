import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CrashPoint } from '../../sim/engine/injector.js';
import { runFamily, type FamilyOutcome } from '../../sim/engine/run-family.js';
import { toActiveAgent, withinCap } from '../../sim/families/handover/checks.js';
import { handoverFamily } from '../../sim/families/handover/family.js';
import { DEFAULT_GRAPH } from '../../sim/families/handover/graph.js';
import { TABLE_WORKLOAD, type HandoverWorkload, type ScriptedEvent } from '../../sim/families/handover/workload.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { activeAgentInMemory } from './active-agent-in-memory.js';
import { answersAfterHandover } from './answers-after-handover.js';
import { countInMemory } from './count-in-memory.js';
import { enqueueWithoutKey } from './enqueue-without-key.js';
import { notifyBeforeTicket } from './notify-before-ticket.js';
import { referenceHarness } from './reference-harness.js';
import { resetForgotten } from './reset-forgotten.js';
import type { HandoverProtocol, ModelAction } from './types.js';

const root = tempFolder('handover-flaws');
const HOUR_MS = 3_600_000;
let cases = 0;

/** Runs a protocol on a workload, crashing where the plan says, then recovering until a life completes. */
async function live(protocol: HandoverProtocol, workload: HandoverWorkload, plan: CrashPoint[] = []): Promise<FamilyOutcome> {
  return runFamily(handoverFamily, {
    protocol,
    workload,
    folder: join(root, String(++cases)),
    plan,
    livesMax: 4,
    writeHistory: true,
  });
}

type Row = Record<string, unknown>;
const rows = (outcome: FamilyOutcome, store: string, table: string): Row[] => outcome.state[store]?.[table] ?? [];
const crashes = (outcome: FamilyOutcome) => outcome.crashes.map(({ cut, life }) => ({ cut, life }));

const transfer = (target: string): ModelAction => ({
  type: 'tool-calls',
  calls: [{ name: 'transfer', arguments: { target, reason: 'out_of_scope', summary: `to ${target}` } }],
});

/** One conversation per id, each the same events: the conversations' state must not leak into each other. */
function workload(events: ScriptedEvent[], ids: string[], policy: HandoverWorkload['policy'] = { kind: 'reference' }): HandoverWorkload {
  return {
    graph: DEFAULT_GRAPH,
    policy,
    conversations: ids.map((id, n) => ({
      id,
      tenant: 'clinicA',
      events: events.map((event) => ({ ...event, atMs: event.atMs + n * 60_000 })),
    })),
  };
}

const booking: ScriptedEvent[] = [
  { atMs: 9 * HOUR_MS, kind: 'user', text: 'Can I book an appointment for monday?' },
  { atMs: 10 * HOUR_MS, kind: 'user', text: 'And move it to friday please' },
];
const pingPong: HandoverWorkload['policy'] = { kind: 'scripted', actions: [transfer('appointments'), transfer('router')] };

/** The agent of the first line acting on each user message, by conversation and event. */
function firstActors(outcome: FamilyOutcome): Record<string, unknown> {
  const acted: Record<string, unknown> = {};
  for (const line of rows(outcome, 'orchestrator', 'transcript')) {
    const event = `${String(line.conversation_id)}/${String(line.event_id)}`;
    if (line.role !== 'user' && !(event in acted)) acted[event] = line.agent;
  }
  return acted;
}

describe('active-agent-in-memory beside the reference', () => {
  it('keeps each conversation on its own active agent within one life', async () => {
    const outcome = await live(activeAgentInMemory, workload(booking, ['c1', 'c2']));
    expect(firstActors(outcome)).toEqual({ 'c1/e1': 'router', 'c2/e1': 'router', 'c1/e2': 'appointments', 'c2/e2': 'appointments' });
    expect(toActiveAgent(workload(booking, ['c1', 'c2']), { ...outcome })).toBeUndefined();
  });

  it('sends the message after a restart back through the router; the reference sends it to the active agent', async () => {
    // The third cut reached is the first message's reply going out: the transfer to appointments is committed.
    const flawed = await live(activeAgentInMemory, workload(booking, ['c1']), [{ life: 0, nth: 3 }]);
    const reference = await live(referenceHarness, workload(booking, ['c1']), [{ life: 0, nth: 3 }]);
    expect(crashes(flawed)).toEqual([{ cut: 'message-sent', life: 0 }]);
    expect(crashes(reference)).toEqual([{ cut: 'message-sent', life: 0 }]);
    expect(firstActors(flawed)['c1/e2']).toBe('router');
    expect(toActiveAgent(workload(booking, ['c1']), flawed)).toEqual({
      kind: 'rerouted',
      message: 'c1/e2 went to router while appointments had the conversation',
    });
    expect(firstActors(reference)['c1/e2']).toBe('appointments');
    expect(toActiveAgent(workload(booking, ['c1']), reference)).toBeUndefined();
  });
});

describe('count-in-memory beside the reference', () => {
  const hello: ScriptedEvent[] = [{ atMs: 9 * HOUR_MS, kind: 'user', text: 'hello' }];
  const transfersOf = (outcome: FamilyOutcome, id: string) =>
    rows(outcome, 'orchestrator', 'transcript').filter((line) => line.conversation_id === id && line.role === 'transfer').length;

  it('holds the cap of each conversation within one life, and hands the ping-pong to a person', async () => {
    const outcome = await live(countInMemory, workload(hello, ['c1', 'c2'], pingPong));
    expect([transfersOf(outcome, 'c1'), transfersOf(outcome, 'c2')]).toEqual([3, 3]);
    expect(rows(outcome, 'human-queue', 'tickets').map((ticket) => ticket.reason)).toEqual(['transfer_limit', 'transfer_limit']);
  });

  it('forgets the count in a restart and passes the cap; the reference stops at it', async () => {
    // The fourth cut reached is the second transfer's commit.
    const flawed = await live(countInMemory, workload(hello, ['c1'], pingPong), [{ life: 0, nth: 4 }]);
    const reference = await live(referenceHarness, workload(hello, ['c1'], pingPong), [{ life: 0, nth: 4 }]);
    expect(crashes(flawed)).toEqual([{ cut: 'state-committed', life: 0 }]);
    expect(crashes(reference)).toEqual([{ cut: 'state-committed', life: 0 }]);
    expect(transfersOf(flawed, 'c1')).toBe(5);
    expect(withinCap(workload(hello, ['c1'], pingPong), flawed)).toEqual({
      kind: 'cap',
      message: '5 transfers between agents in one conversation, cap 3',
    });
    expect(transfersOf(reference, 'c1')).toBe(3);
    expect(rows(reference, 'orchestrator', 'conversations')).toMatchObject([{ transfer_count: 3, handover_state: 'with-human' }]);
  });
});

describe("the table's flaws, each on the seed's conversation beside the reference", () => {
  it('notify-before-ticket tells the user before the ticket exists; the reference after', async () => {
    const flawed = await live(notifyBeforeTicket, TABLE_WORKLOAD);
    const reference = await live(referenceHarness, TABLE_WORKLOAD);
    const noticeAndTicket = (outcome: FamilyOutcome) => ({
      notice: rows(outcome, 'message-channel', 'messages').find((message) => message.intention_id === 'c1#1')?.sent_at_ms as number,
      ticket: rows(outcome, 'human-queue', 'tickets')[0]?.created_at_ms as number,
    });
    const early = noticeAndTicket(flawed);
    expect(early.notice).toBeLessThan(early.ticket);
    expect(flawed.metrics['noticesBeforeTicket:c1#1']).toBe(1);
    const inOrder = noticeAndTicket(reference);
    expect(inOrder.notice).toBeGreaterThan(inOrder.ticket);
    expect(reference.metrics['noticesBeforeTicket:c1#1']).toBe(0);
    expect([flawed.effects, reference.effects]).toEqual([{ 'c1#1': 1 }, { 'c1#1': 1 }]);
  });

  it('answers-after-handover lets the agent that handed over answer the user; the reference stays silent', async () => {
    const flawed = await live(answersAfterHandover, TABLE_WORKLOAD);
    const reference = await live(referenceHarness, TABLE_WORKLOAD);
    const from = rows(flawed, 'orchestrator', 'handovers')[0]?.from_agent;
    // The agent that handed the conversation over takes the user's next message, and a reply reaches the user.
    expect(from).toBe('router');
    expect(firstActors(flawed)['c1/e2']).toBe(from);
    expect(rows(flawed, 'message-channel', 'messages').filter((message) => message.event_id === 'e2')).toMatchObject([{ kind: 'reply' }]);
    expect(flawed.metrics.repliesWhileWithHuman).toBe(1);
    expect(rows(reference, 'message-channel', 'messages').filter((message) => message.event_id === 'e2')).toEqual([]);
    expect(firstActors(reference)['c1/e2']).toBeNull(); // the harness's own line: no agent
    expect(reference.metrics.repliesWhileWithHuman).toBe(0);
  });

  it('reset-forgotten leaves the conversation with a person after the return; the reference gives it back', async () => {
    const flawed = await live(resetForgotten, TABLE_WORKLOAD);
    const reference = await live(referenceHarness, TABLE_WORKLOAD);
    expect(rows(flawed, 'orchestrator', 'conversations')).toMatchObject([{ handover_state: 'with-human' }]);
    expect(flawed.metrics.unansweredAfterReturn).toBe(1);
    expect(rows(reference, 'orchestrator', 'conversations')).toMatchObject([{ handover_state: 'returned' }]);
    expect(reference.metrics.unansweredAfterReturn).toBe(0);
  });

  it('enqueue-without-key resends the ticket whose reply was lost: two tickets; the reference replays its receipt', async () => {
    const cut: CrashPoint[] = [{ life: 0, cut: 'ticket-enqueued' }];
    const flawed = await live(enqueueWithoutKey, TABLE_WORKLOAD, cut);
    const reference = await live(referenceHarness, TABLE_WORKLOAD, cut);
    expect(crashes(flawed)).toEqual([{ cut: 'ticket-enqueued', life: 0 }]);
    expect(crashes(reference)).toEqual([{ cut: 'ticket-enqueued', life: 0 }]);
    expect(flawed.effects).toEqual({ 'c1#1': 2 });
    expect(reference.effects).toEqual({ 'c1#1': 1 });
  });
});
