import type { TriageDecision } from '../../sim/families/handover/rules/decide.js';
import { outcomeLineOf } from '../../sim/families/handover/rules/outcome-lines.js';
import type { GuardTrigger } from './guardrails/guard-trigger.js';
import { callModel } from './guardrails/model-call.js';
import { guardrailSettings } from './guardrails/guardrail-settings.js';
import { outputTriggerOf } from './guardrails/output-checks.js';
import { ruleTriggerOf } from './guardrails/rules.js';
import { finishEvent } from './finish-event.js';
import { logTriggerOf } from './hand-over.js';
import type { HarnessSeams } from './seams.js';
import { appendLine, countStep, recordReply, type PendingEvent } from './store.js';
import { needMoreInfoLine, triageCall } from './triage-tool.js';
import type { HandoverContext, ToolCall } from './types.js';

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
  const blocked =
    ruleTriggerOf(guardrailSettings(ctx.settings).rules, 'after', call.action.text) ??
    outputTriggerOf(seams.outputChecks, seams.outputClassifier, { text: call.action.text, userLines: [] });
  if (blocked) return { text: outcomeLine, dropped: blocked };
  return { text: `${outcomeLine} ${call.action.text}` };
}

/**
 * The model called the triage tool: the rules decide. Need-more-info goes
 * back to the model as the tool's result (the loop asks again); an outcome is
 * told in the rules' words and finishes the event.
 */
export async function triageTurn(
  ctx: HandoverContext,
  seams: HarnessSeams,
  event: PendingEvent,
  from: string,
  call: ToolCall,
): Promise<'ask-again' | boolean> {
  const { conversationId: id, eventId } = event;
  const decision = await ctx.orchestrator.transaction((db) => {
    const args = call.arguments !== null && typeof call.arguments === 'object' ? (call.arguments as Record<string, unknown>) : {};
    const decided = triageCall(db, id, args, seams.decide);
    if (decided.kind === 'need-more-info')
      appendLine(db, id, eventId, { role: 'tool', agent: from, text: needMoreInfoLine(decided) }, ctx.nowMs(), ctx.life);
    countStep(db, id, eventId);
    return decided;
  });
  if (decision.kind === 'need-more-info') return 'ask-again';
  const explained = await explainOutcome(ctx, event, decision, seams);
  await ctx.orchestrator.transaction((db) => {
    if (explained.dropped) logTriggerOf(db, ctx, event, explained.dropped, 'safe-reply');
    recordReply(db, event, from, explained.text, ctx.nowMs(), ctx.life);
  });
  return finishEvent(ctx, seams, event, undefined);
}
