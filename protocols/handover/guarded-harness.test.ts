import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCase, type AnyFamily } from '../../sim/engine/run-case.js';
import { handoverFamily } from '../../sim/families/handover/family.js';
import { OUTCOME_LINES } from '../../sim/families/handover/rules/outcome-lines.js';
import { TRIAGE_GRAPH } from '../../sim/families/handover/rules/triage-graph.js';
import type { PolicyChoice, ScriptedEvent } from '../../sim/families/handover/workload.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { CRISIS_SAFE_REPLY } from './guardrails/input-guard.js';
import { OUTPUT_SAFE_REPLY } from './guardrails/output-checks.js';
import { referenceHarness } from './reference-harness.js';

const root = tempFolder('guarded-harness');
const NINE_MS = 9 * 3_600_000;
let cases = 0;

/** Runs the reference harness on one conversation of the triage graph, fault-free, and reads its stores back. */
async function run(texts: string[], policy: PolicyChoice = { kind: 'reference' }) {
  const folder = join(root, String(++cases));
  const events: ScriptedEvent[] = texts.map((text, n) => ({ atMs: NINE_MS + n * 600_000, kind: 'user', text }));
  const workload = { graph: TRIAGE_GRAPH, policy, conversations: [{ id: 'c1', tenant: 'clinicA', events }] };
  const result = await runCase({ family: handoverFamily as unknown as AnyFamily, protocol: referenceHarness, cut: null, folder, workload });
  expect(result.error).toBeUndefined();
  return <T>(store: string, sql: string): T[] => {
    const db = new Database(join(folder, `${store}.db`), { readonly: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  };
}

describe('the harness with the rules and the guardrails wired in', () => {
  it('need-more-info goes back to the intake as a tool result; the user is asked exactly that; the outcome is the rules', async () => {
    const read = await run(['I have had a cough for 3 days', 'no danger signs, I am 30 years old']);
    expect(read('orchestrator', "SELECT text FROM transcript WHERE role = 'tool'")).toEqual([
      { text: 'need-more-info: ask the user for dangerSign, ageYears' },
    ]);
    const sent = read<{ text: string }>('message-channel', 'SELECT text FROM messages ORDER BY id').map((m) => m.text);
    expect(sent[0]).toBe(
      'To help you I need to know: do you have chest pain, difficulty breathing or fainting (or none of those)? how old are you?',
    );
    expect(sent[1]).toBe(`${OUTCOME_LINES.self_care} (Why: 3 days, no danger sign, age not at risk.)`);
    expect(read('orchestrator', 'SELECT outcome, rule FROM triage')).toEqual([{ outcome: 'self_care', rule: 'short-duration' }]);
  });

  it('a crisis phrase never reaches the model: the fixed safe reply and a person, logged with its reason', async () => {
    const read = await run(['I want to end my life']);
    expect(read('orchestrator', 'SELECT COUNT(*) AS n FROM model_calls')).toEqual([{ n: 0 }]);
    expect(read('orchestrator', 'SELECT layer, check_name, reason, action FROM guardrail_log')).toEqual([
      { layer: 'input', check_name: 'crisis-phrase', reason: 'crisis phrase "end my life"', action: 'handover+safe-reply' },
    ]);
    expect(read('human-queue', 'SELECT reason FROM tickets')).toEqual([{ reason: 'crisis' }]);
    expect(read<{ text: string }>('message-channel', 'SELECT text FROM messages').map((m) => m.text)).toContain(CRISIS_SAFE_REPLY);
  });

  it('a model that is down gets the fallback: a person, and the user is told we are having trouble', async () => {
    const read = await run(['hello'], { kind: 'adversarial', moves: [{ type: 'down' }] });
    expect(read('orchestrator', 'SELECT check_name, action FROM guardrail_log')).toEqual([
      { check_name: 'model-down', action: 'handover' },
    ]);
    expect(read<{ text: string }>('message-channel', 'SELECT text FROM messages')[0]?.text).toMatch(
      /^We are having trouble answering here\. A person/,
    );
  });

  it('a model slower than the timeout is abandoned at the timeout on the virtual clock', async () => {
    const slow = { type: 'slow' as const, latencyMs: 30_000, then: { type: 'reply' as const, text: 'late' } };
    const read = await run(['hello'], { kind: 'adversarial', moves: [slow] });
    expect(read('orchestrator', 'SELECT latency_ms, outcome FROM model_calls')).toEqual([{ latency_ms: 10_000, outcome: 'timeout' }]);
    expect(read('human-queue', 'SELECT reason FROM tickets')).toEqual([{ reason: 'model_unavailable' }]);
  });

  it('a diagnosis from the model is replaced by the fixed reply and logged; the explainer cannot add one either', async () => {
    const read = await run(['hello'], { kind: 'adversarial', moves: [{ type: 'reply', text: 'You probably have bronchitis.' }] });
    expect(read('message-channel', 'SELECT text FROM messages')).toEqual([{ text: OUTPUT_SAFE_REPLY }]);
    expect(read('orchestrator', 'SELECT check_name, reason FROM guardrail_log')).toEqual([
      { check_name: 'no-diagnosis', reason: 'a diagnosis: "You probably have bronchitis"' },
    ]);
  });
});
