import type { Connection } from '../../sim/engine/connections.js';
import { finishEvent } from './finish-event.js';
import { actionOf, logTrigger, type GuardTrigger } from './guardrails/guard-trigger.js';
import type { HandoverWrites, HarnessSeams } from './seams.js';
import {
  appendLine,
  countStep,
  handoverOfEvent,
  keyFacts,
  readConversation,
  readHandover,
  recordOutgoing,
  recordReply,
  type PendingEvent,
} from './store.js';
import type { HandoverContext, HarnessReason, TransferArguments } from './types.js';

/** Where a transfer goes and why: the model's typed arguments, or the harness's own (a cap, a guardrail). */
export type Transfer = { target: string; reason: TransferArguments['reason'] | HarnessReason; summary: string };

/** The reason a guardrail's handover carries: a crisis (the notice gives the urgent line), or which layer fired. */
function reasonOf(trigger: GuardTrigger): Transfer['reason'] {
  if (trigger.check === 'crisis-phrase') return 'crisis';
  if (trigger.check === 'model-down' || trigger.check === 'model-timeout') return 'model_unavailable';
  if (trigger.check === 'cost-budget' || trigger.check === 'latency-budget') return 'budget';
  return 'guardrail';
}

/** Logs a trigger for this event, in the caller's transaction, beside what it does. */
export function logTriggerOf(
  db: Connection,
  ctx: HandoverContext,
  event: PendingEvent,
  trigger: GuardTrigger,
  action = actionOf(trigger),
): void {
  logTrigger(db, { conversationId: event.conversationId, eventId: event.eventId, life: ctx.life, atMs: ctx.nowMs() }, trigger, action);
}

/**
 * A guardrail fired: what it does is the harness's, never the model's. A
 * handover (with the fixed safe reply when it has one), or the fixed safe
 * reply alone; logged with its reason in the same transaction either way.
 */
export async function guardTriggered(
  ctx: HandoverContext,
  seams: HarnessSeams,
  event: PendingEvent,
  from: string,
  trigger: GuardTrigger,
): Promise<boolean> {
  if (trigger.handover) {
    const summary = `guardrail ${trigger.check}: ${trigger.reason}`;
    // The same boundary as a transfer the model asked for: decided, nothing written yet.
    await ctx.cut('transfer-decided');
    return handOver(ctx, seams, event, from, { target: ctx.graph.fallbackHuman, reason: reasonOf(trigger), summary }, trigger);
  }
  await ctx.orchestrator.transaction((db) => {
    logTriggerOf(db, ctx, event, trigger);
    recordReply(db, event, from, trigger.reply ?? '', ctx.nowMs(), ctx.life);
    countStep(db, event.conversationId, event.eventId);
  });
  return finishEvent(ctx, seams, event, undefined);
}

/** A handover to a person: its state first (who has the conversation, the handover's row), then its two side effects. */
export async function handOver(
  ctx: HandoverContext,
  seams: HarnessSeams,
  event: PendingEvent,
  from: string,
  transfer: Transfer,
  trigger?: GuardTrigger,
): Promise<boolean> {
  const { conversationId: id, eventId } = event;
  const writes: HandoverWrites = {
    state(db) {
      // Decided on a read of an earlier transaction: another process (a recovery beside this live one) may have handed
      // this event, or this conversation, to a person since. Checked where it is written, so one request is one handover.
      if (handoverOfEvent(db, id, eventId)) return true;
      if (trigger) {
        logTriggerOf(db, ctx, event, trigger);
        // The fixed line goes out as the harness's notice, not an agent's reply: no agent speaks once a person has it.
        if (trigger.reply !== undefined)
          recordOutgoing(db, {
            message_key: `${id}:guard:${eventId}`,
            conversation_id: id,
            event_id: eventId,
            agent: from,
            kind: 'notice',
            text: trigger.reply,
          });
      }
      const conversation = readConversation(db, id);
      if (conversation.handover_state === 'with-human') {
        const text = 'a person has the conversation already: no second handover';
        // Handled once what it recorded is sent: a guardrail's fixed line (a crisis's) reaches the user all the same.
        appendLine(db, id, eventId, { role: 'harness', agent: null, text }, ctx.nowMs(), ctx.life);
        return false;
      }
      // The handover's sequence is decided with the state: the handover exists (and is counted) from this commit on.
      db.prepare("UPDATE conversations SET handover_state = 'with-human', handover_seq = ? WHERE id = ?").run(
        conversation.handover_seq + 1,
        id,
      );
      seams.activeAgent.write(ctx, db, conversation, transfer.target);
      const text = `handover to ${transfer.target} (${transfer.reason}): ${transfer.summary}`;
      appendLine(db, id, eventId, { role: 'handover', agent: from, target: transfer.target, text }, ctx.nowMs(), ctx.life);
      // A transfer the model called is one of its steps; the harness's own handover at the step limit is not.
      if (transfer.reason !== 'step_limit') countStep(db, id, eventId);
      return true;
    },
    ticket(db) {
      const already = handoverOfEvent(db, id, eventId);
      if (already) return already;
      const seq = readConversation(db, id).handover_seq;
      db.prepare(
        `INSERT INTO handovers (conversation_id, seq, event_id, from_agent, target, reason, summary, key_facts, committed_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(id, seq, eventId, from, transfer.target, transfer.reason, transfer.summary, JSON.stringify(keyFacts(db, id)), ctx.nowMs());
      return readHandover(db, id, seq);
    },
  };
  const handover = await seams.writeHandover(ctx, writes);
  if (handover === null) return finishEvent(ctx, seams, event, undefined);
  await ctx.cut('state-committed');
  return finishEvent(ctx, seams, event, handover);
}
