import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFamily, type FamilyOutcome } from '../../sim/engine/run-family.js';
import { handoverFamily } from '../../sim/families/handover/family.js';
import { DEFAULT_GRAPH } from '../../sim/families/handover/graph.js';
import type { ScriptedEvent } from '../../sim/families/handover/workload.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { answersAfterHandover } from './answers-after-handover.js';
import { referenceHarness } from './reference-harness.js';
import type { HandoverProtocol, ModelAction } from './types.js';

const root = tempFolder('harness-edges');
const HOUR_MS = 3_600_000;
let cases = 0;

/** One conversation, fault-free, with a scripted model: the nth call of a life gets the nth action, round and round. */
async function run(events: ScriptedEvent[], actions: ModelAction[], protocol: HandoverProtocol = referenceHarness): Promise<FamilyOutcome> {
  return runFamily(handoverFamily, {
    protocol,
    workload: { graph: DEFAULT_GRAPH, policy: { kind: 'scripted', actions }, conversations: [{ id: 'c1', tenant: 'clinicA', events }] },
    folder: join(root, String(++cases)),
    plan: [],
    livesMax: 4,
    writeHistory: true,
  });
}

const rows = (outcome: FamilyOutcome, store: string, table: string) => outcome.state[store]?.[table] ?? [];
const lines = (outcome: FamilyOutcome) => rows(outcome, 'orchestrator', 'transcript').map((line) => [line.role, line.agent, line.text]);
const hello: ScriptedEvent = { atMs: 9 * HOUR_MS, kind: 'user', text: 'hello' };
const transfer = (target: string, reason = 'out_of_scope'): ModelAction => ({
  type: 'tool-calls',
  calls: [{ name: 'transfer', arguments: { target, reason, summary: `to ${target}` } }],
});

describe('the harness loop at its edges', () => {
  it('answers an empty list of tool calls with a tool error, counted as a step, and asks again', async () => {
    const outcome = await run(
      [hello],
      [
        { type: 'tool-calls', calls: [] },
        { type: 'reply', text: 'How can I help?' },
      ],
    );
    expect(lines(outcome)).toEqual([
      ['user', null, 'hello'],
      ['tool-error', 'router', 'no tool call in a tool-calls answer'],
      ['agent', 'router', 'How can I help?'],
    ]);
    expect(rows(outcome, 'orchestrator', 'events')).toMatchObject([{ steps: 2, state: 'handled' }]);
  });

  it('runs no more calls of one answer than the steps left, then hands over at the step limit', async () => {
    const calls = Array.from({ length: 12 }, () => ({ name: 'delete_records', arguments: {} }));
    const outcome = await run([hello], [{ type: 'tool-calls', calls }]);
    expect(rows(outcome, 'orchestrator', 'events')).toMatchObject([{ steps: 8 }]);
    expect(lines(outcome).filter(([role]) => role === 'tool-error')).toHaveLength(8);
    expect(rows(outcome, 'human-queue', 'tickets')).toMatchObject([{ reason: 'step_limit' }]);
  });

  it("lets the model hand over to a person past the transfer cap, with the model's own reason", async () => {
    const outcome = await run(
      [hello],
      [transfer('appointments'), transfer('router'), transfer('appointments'), transfer('human_nurse', 'user_requested_human')],
    );
    expect(rows(outcome, 'orchestrator', 'conversations')).toMatchObject([{ transfer_count: 3, handover_state: 'with-human' }]);
    expect(rows(outcome, 'human-queue', 'tickets')).toMatchObject([{ reason: 'user_requested_human', target: 'human_nurse' }]);
  });

  it('refuses a second handover while a person has the conversation (an agent that answers over the person asks for one)', async () => {
    const outcome = await run(
      [hello, { atMs: 9 * HOUR_MS + 600_000, kind: 'user', text: 'anyone?' }],
      [transfer('human_nurse', 'user_requested_human')],
      answersAfterHandover,
    );
    expect(rows(outcome, 'orchestrator', 'handovers')).toHaveLength(1);
    expect(outcome.effects).toEqual({ 'c1#1': 1 });
    expect(lines(outcome).at(-1)).toEqual(['harness', null, 'a person has the conversation already: no second handover']);
    expect(rows(outcome, 'orchestrator', 'events').map((event) => event.state)).toEqual(['handled', 'handled']);
  });

  it("gives the conversation back to the agent that handed it over, with the operator's messages and the return notice", async () => {
    const outcome = await run(
      [hello, { atMs: 10 * HOUR_MS, kind: 'operator-return', messages: ['Nurse: first.', 'Nurse: second.'] }],
      [transfer('information'), transfer('human_nurse', 'user_requested_human')],
    );
    expect(lines(outcome).filter(([role]) => role === 'operator')).toEqual([
      ['operator', 'human_nurse', 'Nurse: first.'],
      ['operator', 'human_nurse', 'Nurse: second.'],
    ]);
    expect(rows(outcome, 'orchestrator', 'handovers')).toMatchObject([{ from_agent: 'information', returned_by: 'e2' }]);
    expect(rows(outcome, 'orchestrator', 'conversations')).toMatchObject([{ handover_state: 'returned', active_agent: 'information' }]);
    expect(rows(outcome, 'message-channel', 'messages').at(-1)).toMatchObject({
      request_key: 'c1:returned:1',
      agent: 'information',
      event_id: 'e2',
      kind: 'notice',
      text: 'A person (a nurse on duty) has answered you; our assistant is with you again.',
    });
  });
});
