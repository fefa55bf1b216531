import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFamily, type FamilyOutcome } from '../../sim/engine/run-family.js';
import type { AdversaryMove } from '../../sim/families/handover/adversarial-policy.js';
import { handoverFamily } from '../../sim/families/handover/family.js';
import { OUTCOME_LINES } from '../../sim/families/handover/rules/outcome-lines.js';
import { TRIAGE_GRAPH } from '../../sim/families/handover/rules/triage-graph.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { OUTPUT_SAFE_REPLY } from './guardrails/output-checks.js';
import { referenceHarness } from './reference-harness.js';

const root = tempFolder('triage-turn');
let cases = 0;

/** One message to the intake of the triage graph; the model plays the moves in turn (the intake's, then the explainer's). */
async function run(moves: AdversaryMove[]): Promise<FamilyOutcome> {
  return runFamily(handoverFamily, {
    protocol: referenceHarness,
    workload: {
      graph: TRIAGE_GRAPH,
      policy: { kind: 'adversarial', moves },
      conversations: [{ id: 'c1', tenant: 'clinicA', events: [{ atMs: 9 * 3_600_000, kind: 'user', text: 'a cough' }] }],
    },
    folder: join(root, String(++cases)),
    plan: [],
    livesMax: 4,
    writeHistory: true,
  });
}

const rows = (outcome: FamilyOutcome, store: string, table: string) => outcome.state[store]?.[table] ?? [];
const sent = (outcome: FamilyOutcome) => rows(outcome, 'message-channel', 'messages').map((message) => message.text);
const log = (outcome: FamilyOutcome) =>
  rows(outcome, 'orchestrator', 'guardrail_log').map(({ layer, check_name, action }) => ({ layer, check_name, action }));
const complete: AdversaryMove = {
  type: 'tool-calls',
  calls: [{ name: 'triage', arguments: { dangerSign: 'none', ageYears: 30, durationDays: 3 } }],
};

describe("the triage turn: the rules' line first, the explainer's words only when they pass", () => {
  it("adds the explainer's reply to the fixed line", async () => {
    const outcome = await run([complete, { type: 'reply', text: 'Rest and drink water.' }]);
    expect(sent(outcome)).toEqual([`${OUTCOME_LINES.self_care} Rest and drink water.`]);
    expect(log(outcome)).toEqual([]);
  });

  it('sends the fixed line alone, logged as a safe reply, when the explainer is down, and hands nobody over', async () => {
    const outcome = await run([complete, { type: 'down' }]);
    expect(sent(outcome)).toEqual([OUTCOME_LINES.self_care]);
    expect(log(outcome)).toEqual([{ layer: 'model', check_name: 'model-down', action: 'safe-reply' }]);
    expect(rows(outcome, 'human-queue', 'tickets')).toEqual([]);
  });

  it('sends the fixed line alone when the explainer answers with tool calls, with nothing to log', async () => {
    const outcome = await run([complete, { type: 'tool-calls', calls: [{ name: 'transfer', arguments: { target: 'human_nurse' } }] }]);
    expect(sent(outcome)).toEqual([OUTCOME_LINES.self_care]);
    expect(log(outcome)).toEqual([]);
    expect(rows(outcome, 'human-queue', 'tickets')).toEqual([]);
  });

  it("drops an explanation the output checks block, logs why, and never sends the output check's own reply for it", async () => {
    const outcome = await run([complete, { type: 'reply', text: 'You probably have bronchitis.' }]);
    expect(sent(outcome)).toEqual([OUTCOME_LINES.self_care]);
    expect(sent(outcome)).not.toContain(OUTPUT_SAFE_REPLY);
    expect(log(outcome)).toEqual([{ layer: 'output', check_name: 'no-diagnosis', action: 'safe-reply' }]);
  });

  it('takes a triage call whose arguments are null or absent as no findings: the rules ask for all three', async () => {
    for (const call of [{ name: 'triage', arguments: null }, { name: 'triage' } as { name: string; arguments: unknown }]) {
      const outcome = await run([
        { type: 'tool-calls', calls: [call] },
        { type: 'reply', text: 'Tell me more.' },
      ]);
      expect(
        rows(outcome, 'orchestrator', 'transcript')
          .filter((line) => line.role === 'tool')
          .map((line) => line.text),
      ).toEqual(['need-more-info: ask the user for dangerSign, ageYears, durationDays']);
      expect(sent(outcome)).toEqual(['Tell me more.']);
      expect(rows(outcome, 'orchestrator', 'triage')).toMatchObject([{ findings: '{}', outcome: null, rule: null }]);
    }
  });
});
