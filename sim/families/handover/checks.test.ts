import { describe, expect, it } from 'vitest';
import type { RunEnd } from '../../engine/runner.js';
import { History } from '../../engine/history.js';
import {
  ALL_HANDOVER_CHECKS,
  answeredAfterReturn,
  boundedLoop,
  everyEventHandled,
  firstViolation,
  handoverExactlyOnce,
  ranToEnd,
  silentWhileWithHuman,
  staysInGraph,
  toActiveAgent,
  withinCap,
  withinWindow,
  type JudgedHandover,
} from './checks.js';
import { DEFAULT_GRAPH } from './graph.js';
import type { HandoverWorkload } from './workload.js';

const workload: HandoverWorkload = { graph: DEFAULT_GRAPH, policy: { kind: 'reference' }, conversations: [] };

/** A judged case planted by hand: the orchestrator's tables, the counts, how it ended, and a history if given. */
function planted(
  parts: {
    end?: RunEnd;
    effects?: Record<string, number>;
    metrics?: Record<string, number>;
    orchestrator?: Record<string, Record<string, unknown>[]>;
    history?: History;
  } = {},
): JudgedHandover {
  return {
    end: parts.end ?? { kind: 'completed' },
    effects: parts.effects ?? {},
    metrics: parts.metrics ?? {},
    state: parts.orchestrator ? { orchestrator: parts.orchestrator } : {},
    ...(parts.history ? { history: parts.history } : {}),
  };
}

type Line = { event_id: string; role: string; agent: string | null; target?: string | null; conversation_id?: string };
const transcript = (...lines: Line[]) =>
  planted({ orchestrator: { transcript: lines.map((line) => ({ conversation_id: 'c1', target: null, ...line })) } });

describe('ranToEnd', () => {
  it('names the harness failure, the lives it ran out of, and lets a completed run through', () => {
    expect(ranToEnd(workload, planted({ end: { kind: 'error', message: 'boom' } }))).toEqual({
      kind: 'error',
      message: 'the harness failed: boom',
    });
    expect(ranToEnd(workload, planted({ end: { kind: 'lives-exhausted', livesMax: 7 } }))).toEqual({
      kind: 'stuck',
      message: 'no life completed within 7 lives',
    });
    expect(ranToEnd(workload, planted())).toBeUndefined();
  });
});

describe('everyEventHandled', () => {
  it('lists every event not handled, by conversation and event, and passes when all are handled or there are none', () => {
    const events = [
      { conversation_id: 'c1', event_id: 'e1', state: 'handled' },
      { conversation_id: 'c1', event_id: 'e2', state: 'claimed' },
      { conversation_id: 'c2', event_id: 'e1', state: 'pending' },
    ];
    expect(everyEventHandled(workload, planted({ orchestrator: { events } }))).toEqual({
      kind: 'stuck',
      message: 'events left unhandled after the quiet life: c1/e2, c2/e1',
    });
    expect(everyEventHandled(workload, planted({ orchestrator: { events: [events[0]!] } }))).toBeUndefined();
    expect(everyEventHandled(workload, planted())).toBeUndefined();
  });
});

describe('handoverExactlyOnce', () => {
  const fine = { 'notices:c1#1': 1, 'noticesBeforeTicket:c1#1': 0 };
  it('passes one ticket and one notice after it', () => {
    expect(handoverExactlyOnce(workload, planted({ effects: { 'c1#1': 1 }, metrics: fine }))).toBeUndefined();
  });
  it('finds a second ticket, a lost one, two notices, none, and a notice before the ticket, of any handover', () => {
    const judge = (tickets: number, metrics: Record<string, number>) =>
      handoverExactlyOnce(workload, planted({ effects: { 'c1#1': 1, 'c1#2': tickets }, metrics: { ...fine, ...metrics } }));
    const second = { 'notices:c1#2': 1 };
    expect(judge(2, second)).toEqual({ kind: 'duplicate', message: 'handover c1#2: 2 tickets in the human queue' });
    expect(judge(0, second)).toEqual({ kind: 'lost', message: 'handover c1#2: no ticket in the human queue' });
    expect(judge(1, { 'notices:c1#2': 2 })).toEqual({ kind: 'duplicate', message: 'handover c1#2: 2 notices to the user' });
    expect(judge(1, { 'notices:c1#2': 0 })).toEqual({ kind: 'lost', message: 'handover c1#2: 0 notices to the user' });
    expect(judge(1, {})).toEqual({ kind: 'lost', message: 'handover c1#2: 0 notices to the user' });
    expect(judge(1, { ...second, 'noticesBeforeTicket:c1#2': 1 })).toEqual({
      kind: 'early-notice',
      message: 'handover c1#2: the user was told a person will answer before the ticket existed',
    });
    expect(judge(1, second)).toBeUndefined();
  });
});

describe('withinCap and boundedLoop', () => {
  it('passes transfers at the cap and finds one more', () => {
    expect(withinCap(workload, planted({ metrics: { transfersMax: 3, transferCap: 3 } }))).toBeUndefined();
    expect(withinCap(workload, planted({ metrics: { transfersMax: 4, transferCap: 3 } }))).toEqual({
      kind: 'cap',
      message: '4 transfers between agents in one conversation, cap 3',
    });
    expect(withinCap(workload, planted({ metrics: { transfersMax: 1 } }))?.kind).toBe('cap');
    expect(withinCap(workload, planted())).toBeUndefined();
  });
  it('passes an event at max steps and finds one past it', () => {
    const events = (steps: number) => ({
      events: [
        { event_id: 'e0', steps: 1 },
        { event_id: 'e1', steps },
      ],
    });
    expect(boundedLoop(workload, planted({ metrics: { stepsMax: 8 }, orchestrator: events(8) }))).toBeUndefined();
    expect(boundedLoop(workload, planted({ metrics: { stepsMax: 8 }, orchestrator: events(9) }))).toEqual({
      kind: 'steps',
      message: 'event e1 took 9 steps, max 8',
    });
    expect(boundedLoop(workload, planted({ orchestrator: events(0) }))?.message).toBe('event e0 took 1 steps, max 0');
  });
});

describe('silentWhileWithHuman and answeredAfterReturn', () => {
  it('count a reply over the person and a message left unanswered after the return', () => {
    expect(silentWhileWithHuman(workload, planted({ metrics: { repliesWhileWithHuman: 2 } }))).toEqual({
      kind: 'replied-while-with-human',
      message: '2 agent replies sent while a person had the conversation',
    });
    expect(silentWhileWithHuman(workload, planted({ metrics: { repliesWhileWithHuman: 0 } }))).toBeUndefined();
    expect(silentWhileWithHuman(workload, planted())).toBeUndefined();
    expect(answeredAfterReturn(workload, planted({ metrics: { unansweredAfterReturn: 1 } }))).toEqual({
      kind: 'unanswered',
      message: "1 user messages after the operator's return got no answer",
    });
    expect(answeredAfterReturn(workload, planted({ metrics: { unansweredAfterReturn: 0 } }))).toBeUndefined();
    expect(answeredAfterReturn(workload, planted())).toBeUndefined();
  });
});

describe('withinWindow', () => {
  const history = (op: string, value?: string) => {
    const events = new History();
    events.record({ atMs: 0, life: 0, worker: 'w', type: 'ok', op: 'receive', value: 'outside-24h-window' });
    events.record({ atMs: 1, life: 0, worker: 'w', type: 'ok', op, ...(value === undefined ? {} : { value }) });
    return events;
  };
  it('finds a free-form message outside the window, and one the channel refused', () => {
    expect(withinWindow(workload, planted({ metrics: { freeFormOutsideWindow: 1 } }))).toEqual({
      kind: 'window',
      message: "1 free-form messages more than 24 hours after the user's last message",
    });
    expect(withinWindow(workload, planted({ history: history('send_message', 'refused: outside-24h-window') }))).toEqual({
      kind: 'window',
      message: 'the harness sent a free-form message the channel refused as outside the 24-hour window',
    });
  });
  it('passes sends the channel took, a refusal of another operation, and a run without history', () => {
    expect(
      withinWindow(workload, planted({ metrics: { freeFormOutsideWindow: 0 }, history: history('send_message', 'sent') })),
    ).toBeUndefined();
    expect(withinWindow(workload, planted({ history: history('send_message') }))).toBeUndefined();
    expect(withinWindow(workload, planted({ history: history('enqueue_ticket', 'outside-24h-window') }))).toBeUndefined();
    expect(withinWindow(workload, planted())).toBeUndefined();
  });
});

describe('staysInGraph', () => {
  const handovers = (...rows: { from_agent: string; target: string; reason: string }[]) => ({ handovers: rows });
  it("passes transfers along edges, a model's handover along an edge and the harness's to the fallback person", () => {
    const outcome = planted({
      orchestrator: {
        transcript: [
          { role: 'transfer', agent: 'router', target: 'appointments' },
          { role: 'agent', agent: 'router', target: 'billing' },
        ],
        ...handovers(
          { from_agent: 'appointments', target: 'human_nurse', reason: 'out_of_scope' },
          { from_agent: 'information', target: 'human_nurse', reason: 'step_limit' },
        ),
      },
    });
    expect(staysInGraph(workload, outcome)).toBeUndefined();
    expect(staysInGraph(workload, planted())).toBeUndefined();
  });
  it('finds a transfer off the edges, or from an agent not in the graph', () => {
    const transfer = (agent: string, target: string) =>
      staysInGraph(workload, planted({ orchestrator: { transcript: [{ role: 'transfer', agent, target }] } }));
    expect(transfer('information', 'appointments')).toEqual({
      kind: 'graph',
      message: 'a transfer from information to appointments, which is not one of its edges',
    });
    expect(transfer('billing', 'router')?.kind).toBe('graph');
  });
  it("finds a handover that is neither the model's along an edge nor the harness's to the fallback person", () => {
    const handover = (from_agent: string, target: string, reason: string) =>
      staysInGraph(workload, planted({ orchestrator: handovers({ from_agent, target, reason }) }));
    expect(handover('router', 'appointments', 'step_limit')).toEqual({
      kind: 'graph',
      message: 'a handover from router to appointments (step_limit) outside the graph',
    });
    // A transfer reason on a path that is no edge, even to the fallback person; and a reason nobody gives.
    expect(handover('billing', 'human_nurse', 'out_of_scope')?.kind).toBe('graph');
    expect(handover('router', 'human_nurse', 'felt_like_it')?.kind).toBe('graph');
    expect(handover('router', 'human_nurse', 'out_of_scope')).toBeUndefined();
    expect(handover('billing', 'human_nurse', 'transfer_limit')).toBeUndefined();
  });
});

describe('toActiveAgent', () => {
  it('follows transfers, a handover to a person and the return, and passes the agents that had the conversation', () => {
    const outcome = transcript(
      { event_id: 'e1', role: 'user', agent: null },
      { event_id: 'e1', role: 'transfer', agent: 'router', target: 'appointments' },
      // Only the first line acting on a message is judged: after it, others may follow.
      { event_id: 'e1', role: 'agent', agent: 'information' },
      { event_id: 'e2', role: 'user', agent: null },
      { event_id: 'e2', role: 'handover', agent: 'appointments', target: 'human_nurse' },
      { event_id: 'e3', role: 'user', agent: null },
      { event_id: 'e3', role: 'agent', agent: 'router' },
      { event_id: 'e4', role: 'operator', agent: null },
      // An event that is no user message is not judged.
      { event_id: 'e4', role: 'agent', agent: 'information' },
      { event_id: 'e5', role: 'user', agent: null },
      { event_id: 'e5', role: 'agent', agent: 'appointments' },
      // A line of the harness's own on an event that is no user message, while an agent has the conversation.
      { event_id: 'e6', role: 'harness', agent: null },
    );
    expect(toActiveAgent(workload, outcome)).toBeUndefined();
  });
  it('finds a message answered by another agent than the active one, after a transfer and after a return', () => {
    expect(
      toActiveAgent(
        workload,
        transcript(
          { event_id: 'e1', role: 'user', agent: null },
          { event_id: 'e1', role: 'transfer', agent: 'router', target: 'information' },
          { event_id: 'e2', role: 'user', agent: null },
          { event_id: 'e2', role: 'agent', agent: 'router' },
        ),
      ),
    ).toEqual({ kind: 'rerouted', message: 'c1/e2 went to router while information had the conversation' });
    expect(
      toActiveAgent(
        workload,
        transcript(
          { event_id: 'e1', role: 'user', agent: null },
          { event_id: 'e1', role: 'transfer', agent: 'router', target: 'information' },
          { event_id: 'e1', role: 'handover', agent: 'information', target: 'human_nurse' },
          { event_id: 'e2', role: 'operator', agent: null },
          { event_id: 'e3', role: 'user', agent: null },
          { event_id: 'e3', role: 'tool-error', agent: null },
        ),
      ),
    ).toEqual({ kind: 'rerouted', message: 'c1/e3 went to nobody while information had the conversation' });
  });
  it("takes the active agent as the handover's agent when the line names none, and keeps conversations apart", () => {
    const lines = (answerer: string) =>
      transcript(
        { event_id: 'e1', role: 'user', agent: null },
        { event_id: 'e1', role: 'transfer', agent: 'router', target: 'information' },
        { event_id: 'e1', role: 'handover', agent: null, target: 'human_nurse' },
        { event_id: 'e1', role: 'user', agent: null, conversation_id: 'c2' },
        { event_id: 'e1', role: 'agent', agent: 'router', conversation_id: 'c2' },
        { event_id: 'e2', role: 'operator', agent: null },
        { event_id: 'e3', role: 'user', agent: null },
        { event_id: 'e3', role: 'agent', agent: answerer },
      );
    expect(toActiveAgent(workload, lines('information'))).toBeUndefined();
    expect(toActiveAgent(workload, lines('router'))?.message).toBe('c1/e3 went to router while information had the conversation');
  });
  it('starts every conversation at the graph entry', () => {
    const answered = (agent: string) =>
      toActiveAgent(workload, transcript({ event_id: 'e1', role: 'user', agent: null }, { event_id: 'e1', role: 'agent', agent }));
    expect(answered('router')).toBeUndefined();
    expect(answered('appointments')?.message).toBe('c1/e1 went to appointments while router had the conversation');
  });
});

describe('firstViolation', () => {
  it('reports the first check that fails, in the order given, and nothing when all hold', () => {
    const outcome = planted({ metrics: { repliesWhileWithHuman: 1, unansweredAfterReturn: 1 } });
    expect(firstViolation(workload, outcome, [answeredAfterReturn, silentWhileWithHuman])?.kind).toBe('unanswered');
    expect(firstViolation(workload, outcome, [ranToEnd, silentWhileWithHuman])?.kind).toBe('replied-while-with-human');
    expect(firstViolation(workload, planted(), ALL_HANDOVER_CHECKS)).toBeUndefined();
  });
});
