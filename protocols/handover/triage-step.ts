import type { TriageDecision } from '../../sim/handover/rules/decide.js';
import { outcomeLineOf } from '../../sim/handover/rules/outcome-lines.js';
import type { GuardTrigger } from './guardrails/guard-trigger.js';
import { callModel } from './guardrails/model-call.js';
import { outputTriggerOf } from './guardrails/output-checks.js';
import type { HarnessSeams } from './seams.js';
import type { PendingEvent } from './store.js';
import type { HandoverContext } from './types.js';

/** The agent that words an outcome for the user: the model, in a role of its own, with no tools. */
export const EXPLAINER_AGENT = 'explainer';

/**
 * The rules' outcome, told to the user: the rules' fixed line first, then
 * the explainer's words. The explainer is shown a serialized copy of the
 * decision, so nothing it does reaches the decision; its text is never
 * parsed for an outcome, and it passes the output checks like any reply
 * (a dropped explanation is logged; the fixed line alone is a full answer).
 */
export async function explainOutcome(
  ctx: HandoverContext,
  event: PendingEvent,
  decision: Extract<TriageDecision, { kind: 'outcome' }>,
  seams: HarnessSeams,
): Promise<{ text: string; dropped?: GuardTrigger }> {
  const outcomeLine = outcomeLineOf(decision);
  const view = {
    conversationId: event.conversationId,
    agent: EXPLAINER_AGENT,
    transcript: [{ role: 'harness' as const, agent: null, text: JSON.stringify({ outcome: decision.outcome, reason: decision.reason }) }],
  };
  const call = await callModel(ctx, view, []);
  if (!call.ok) return { text: outcomeLine, dropped: { ...call.trigger, handover: false } };
  if (call.action.type !== 'reply') return { text: outcomeLine };
  const blocked = outputTriggerOf(seams.outputChecks, seams.outputClassifier, { text: call.action.text, userLines: [] });
  if (blocked) return { text: outcomeLine, dropped: blocked };
  return { text: `${outcomeLine} ${call.action.text}` };
}
