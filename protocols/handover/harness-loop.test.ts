import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CrashPoint } from '../../sim/engine/injector.js';
import { runFamily, type FamilyOutcome } from '../../sim/engine/run-family.js';
import { handoverFamily } from '../../sim/families/handover/family.js';
import { DEFAULT_GRAPH, type HandoverGraph } from '../../sim/families/handover/graph.js';
import { TRIAGE_GRAPH } from '../../sim/families/handover/rules/triage-graph.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { referenceHarness } from './reference-harness.js';
import type { ModelAction } from './types.js';

/*
 * The reference harness's loop, run in process on one conversation with a
 * scripted model: the guardrail log of the step and transfer limits, the
 * calls an answer may still make, the transfer's line and boundary, and what
 * the output checks are shown.
 */

const root = tempFolder('harness-loop');
const HOUR_MS = 3_600_000;
let cases = 0;

async function run(text: string, actions: ModelAction[], plan: CrashPoint[] = [], graph: HandoverGraph = DEFAULT_GRAPH): Promise<FamilyOutcome> {
  return runFamily(handoverFamily, {
    protocol: referenceHarness,
    workload: {
      graph,
      policy: { kind: 'scripted', actions },
      conversations: [{ id: 'c1', tenant: 'clinicA', events: [{ atMs: 9 * HOUR_MS, kind: 'user', text }] }],
    },
    folder: join(root, String(++cases)),
    plan,
    livesMax: 4,
    writeHistory: true,
  });
}

const rows = (outcome: FamilyOutcome, store: string, table: string) => outcome.state[store]?.[table] ?? [];
const log = (outcome: FamilyOutcome) =>
  rows(outcome, 'orchestrator', 'guardrail_log').map(({ layer, check_name, reason, action }) => ({ layer, check_name, reason, action }));
const transfer = (target: string): ModelAction => ({
  type: 'tool-calls',
  calls: [{ name: 'transfer', arguments: { target, reason: 'out_of_scope', summary: `to ${target}` } }],
});
const errors = (count: number): ModelAction => ({
  type: 'tool-calls',
  calls: Array.from({ length: count }, () => ({ name: 'delete_records', arguments: {} })),
});

describe('the loop at its limits', () => {
  it('logs the step limit as a handover with its reason, and the handover carries it', async () => {
    const outcome = await run('hello', [errors(1)]);
    expect(log(outcome)).toEqual([
      { layer: 'model', check_name: 'step-limit', reason: 'the assistant did not finish within 8 steps', action: 'handover' },
    ]);
    expect(rows(outcome, 'orchestrator', 'handovers')).toMatchObject([
      { reason: 'step_limit', summary: 'the assistant did not finish within 8 steps' },
    ]);
  });

  it('runs only the calls the steps left allow, counted from the steps already taken', async () => {
    const outcome = await run('hello', [{ type: 'tool-calls', calls: [] }, errors(12)]);
    expect(rows(outcome, 'orchestrator', 'events')).toMatchObject([{ steps: 8 }]);
    expect(rows(outcome, 'orchestrator', 'transcript').filter((line) => line.role === 'tool-error')).toHaveLength(8);
  });

  it('logs the transfer cap as a handover to the fallback person, with the cap in its reason', async () => {
    const outcome = await run('hello', [transfer('appointments'), transfer('router'), transfer('appointments'), transfer('router')]);
    expect(log(outcome)).toEqual([{ layer: 'model', check_name: 'transfer-limit', reason: 'more than 3 transfers', action: 'handover' }]);
    expect(rows(outcome, 'orchestrator', 'handovers')).toMatchObject([{ reason: 'transfer_limit', target: 'human_nurse' }]);
  });
});

describe('a transfer between agents', () => {
  it("writes its line with the target, the model's reason and summary", async () => {
    const outcome = await run('hello', [transfer('appointments'), { type: 'reply', text: 'Booked.' }]);
    expect(rows(outcome, 'orchestrator', 'transcript').filter((line) => line.role === 'transfer')).toMatchObject([
      { agent: 'router', target: 'appointments', text: 'transfer to appointments (out_of_scope): to appointments' },
    ]);
  });

  it('reaches transfer-decided before anything is written: a crash there leaves the transfer to the next life', async () => {
    const outcome = await run('hello', [transfer('appointments'), { type: 'reply', text: 'Booked.' }], [{ life: 0, cut: 'transfer-decided' }]);
    expect(outcome.crashes.map((crash) => ({ cut: crash.cut, life: crash.life }))).toEqual([{ cut: 'transfer-decided', life: 0 }]);
    expect(rows(outcome, 'orchestrator', 'conversations')).toMatchObject([{ transfer_count: 1, active_agent: 'appointments' }]);
    expect(rows(outcome, 'orchestrator', 'transcript').filter((line) => line.role === 'transfer')).toHaveLength(1);
  });
});

describe('the output checks', () => {
  it("let the model repeat the user's own personal data, and only theirs", async () => {
    const outcome = await run('call me on +31 6 1234 5678', [{ type: 'reply', text: 'We will call +31 6 1234 5678.' }]);
    expect(log(outcome)).toEqual([]);
    expect(rows(outcome, 'message-channel', 'messages').map((message) => message.text)).toEqual(['We will call +31 6 1234 5678.']);
    const other = await run('hello', [{ type: 'reply', text: 'We will call +31 6 1234 5678.' }]);
    expect(log(other)).toMatchObject([{ check_name: 'no-other-record', action: 'safe-reply' }]);
  });

  it('count as the user\'s only what the user wrote, not what a transfer summary says', async () => {
    const summary: ModelAction = {
      type: 'tool-calls',
      calls: [{ name: 'transfer', arguments: { target: 'appointments', reason: 'out_of_scope', summary: 'call +31 6 1234 5678' } }],
    };
    const outcome = await run('hello', [summary, { type: 'reply', text: 'We will call +31 6 1234 5678.' }]);
    expect(log(outcome)).toMatchObject([{ check_name: 'no-other-record', action: 'safe-reply' }]);
  });
});

describe('the triage tool in an answer of several calls', () => {
  it("asks again through the answer's next call: the intake's transfer after an incomplete triage is carried out", async () => {
    const both: ModelAction = {
      type: 'tool-calls',
      calls: [
        { name: 'triage', arguments: {} },
        { name: 'transfer', arguments: { target: 'information', reason: 'out_of_scope', summary: 'opening hours' } },
      ],
    };
    const outcome = await run('when are you open?', [both, { type: 'reply', text: 'From 8:00.' }], [], TRIAGE_GRAPH);
    expect(rows(outcome, 'orchestrator', 'transcript').map((line) => [line.role, line.agent])).toEqual([
      ['user', null],
      ['tool', 'intake'],
      ['transfer', 'intake'],
      ['agent', 'information'],
    ]);
    expect(rows(outcome, 'orchestrator', 'conversations')).toMatchObject([{ active_agent: 'information', transfer_count: 1 }]);
  });
});
