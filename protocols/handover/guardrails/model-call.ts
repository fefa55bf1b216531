import type { Connection } from '../../../sim/engine/connections.js';
import type { ConversationView, HandoverContext, ModelAction, ToolSpec } from '../types.js';
import type { GuardTrigger } from './guard-trigger.js';
import { guardrailSettings, modelCallCost } from './guardrail-settings.js';

/** What a conversation has spent on the model so far, over every life. */
export interface ModelUsage {
  costUnits: number;
  latencyMs: number;
}

export function modelUsage(db: Connection, conversationId: string): ModelUsage {
  return db
    .prepare(
      'SELECT COALESCE(SUM(cost_units), 0) AS costUnits, COALESCE(SUM(latency_ms), 0) AS latencyMs FROM model_calls WHERE conversation_id = ?',
    )
    .get(conversationId) as ModelUsage;
}

/** The budgets, checked before each call: past one, a person takes over rather than the model spending more. */
export function budgetTrigger(ctx: HandoverContext, usage: ModelUsage): GuardTrigger | undefined {
  const limits = guardrailSettings(ctx.settings);
  if (usage.costUnits >= limits.costUnitsMax)
    return {
      layer: 'model',
      check: 'cost-budget',
      reason: `spent ${usage.costUnits} of ${limits.costUnitsMax} cost units`,
      handover: true,
    };
  if (usage.latencyMs >= limits.latencyBudgetMs)
    return {
      layer: 'model',
      check: 'latency-budget',
      reason: `the model took ${usage.latencyMs} of ${limits.latencyBudgetMs} ms`,
      handover: true,
    };
  return undefined;
}

/**
 * Thrown by the world's wrapper of the model (sim/families/handover/timed-model.ts)
 * when respond() answered something that is not a ModelAction: a model
 * failure like a model that is down, told in its own sentence.
 */
export class InvalidModelAnswer extends Error {
  override name = 'InvalidModelAnswer';
}

/**
 * Thrown by the same wrapper when respond() has not settled within the wall
 * time a call may take (`--model-timeout-ms`): a timeout of the model, told in
 * its own sentence, as the virtual clock's timeout is.
 */
export class ModelCallTimeout extends Error {
  override name = 'ModelCallTimeout';
}

export type ModelCall =
  | { ok: true; action: ModelAction; costUnits: number; latencyMs: number }
  | { ok: false; trigger: GuardTrigger; outcome: 'down' | 'timeout'; costUnits: number; latencyMs: number };

/**
 * One call to the model, timed on the virtual clock. A model that throws, or
 * answers something that is not a ModelAction, is down; one that takes modelTimeoutMs or more, or that the wall clock
 * stopped waiting for (ModelCallTimeout), is abandoned (the world stops
 * the clock at the timeout, as a client's timeout would). Either way the
 * answer is the defined fallback, a person, never silence.
 */
export async function callModel(ctx: HandoverContext, view: ConversationView, tools: readonly ToolSpec[]): Promise<ModelCall> {
  const { modelTimeoutMs } = guardrailSettings(ctx.settings);
  const costUnits = modelCallCost(view.transcript.reduce((chars, line) => chars + line.text.length, 0));
  const startedMs = ctx.nowMs();
  try {
    const action = await ctx.model.respond(view, tools);
    const latencyMs = ctx.nowMs() - startedMs;
    if (latencyMs < modelTimeoutMs) return { ok: true, action, costUnits, latencyMs };
  } catch (error) {
    const latencyMs = ctx.nowMs() - startedMs;
    // Matched by name, as below: the wall clock stopped waiting, so the model timed out whatever the virtual clock says.
    if (error instanceof Error && error.name === 'ModelCallTimeout') return timedOut(error.message, latencyMs, costUnits);
    if (latencyMs < modelTimeoutMs) {
      // Matched by name: a harness loaded from a user's file may hold another instance of this module's class.
      const reason =
        error instanceof Error && error.name === 'InvalidModelAnswer'
          ? error.message
          : `the model is down: ${error instanceof Error ? error.message : String(error)}`;
      return { ok: false, outcome: 'down', trigger: { layer: 'model', check: 'model-down', reason, handover: true }, costUnits, latencyMs };
    }
  }
  return timedOut(`the model did not answer within ${modelTimeoutMs} ms`, modelTimeoutMs, costUnits);
}

function timedOut(reason: string, latencyMs: number, costUnits: number): ModelCall {
  return {
    ok: false,
    outcome: 'timeout',
    trigger: { layer: 'model', check: 'model-timeout', reason, handover: true },
    costUnits,
    latencyMs,
  };
}

export function recordModelCall(db: Connection, where: { conversationId: string; eventId: string; agent: string }, call: ModelCall): void {
  db.prepare('INSERT INTO model_calls (conversation_id, event_id, agent, cost_units, latency_ms, outcome) VALUES (?, ?, ?, ?, ?, ?)').run(
    where.conversationId,
    where.eventId,
    where.agent,
    call.costUnits,
    call.latencyMs,
    call.ok ? 'answered' : call.outcome,
  );
}
