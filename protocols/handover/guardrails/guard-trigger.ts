import type { Connection } from '../../../sim/engine/connections.js';

/**
 * A guardrail that fired, in any layer: before the model (input), around it
 * (limits, budgets, an unavailable model), after it (output checks, the
 * classifier), or in a tool call. What it does is fixed here, never by the
 * model: hand the conversation to a person, send a fixed safe reply, or both.
 */
export interface GuardTrigger {
  layer: 'input' | 'model' | 'output' | 'tool';
  check: string;
  /** Why, in words the log and the operator can read. */
  reason: string;
  handover: boolean;
  /** The fixed line the user is sent; absent when the handover's notice is the answer. */
  reply?: string;
}

export type GuardAction = 'handover' | 'safe-reply' | 'handover+safe-reply' | 'tool-error';

export function actionOf(trigger: GuardTrigger): GuardAction {
  if (trigger.handover) return trigger.reply === undefined ? 'handover' : 'handover+safe-reply';
  return 'safe-reply';
}

/** Writes a trigger to the guardrail log, inside the transaction that also writes what it does. */
export function logTrigger(
  db: Connection,
  where: { conversationId: string; eventId: string; life: number; atMs: number },
  trigger: Pick<GuardTrigger, 'layer' | 'check' | 'reason'>,
  action: GuardAction,
): void {
  db.prepare(
    'INSERT INTO guardrail_log (conversation_id, event_id, layer, check_name, reason, action, life, at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(where.conversationId, where.eventId, trigger.layer, trigger.check, trigger.reason, action, where.life, where.atMs);
}
