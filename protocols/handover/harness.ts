import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { completeHandover, noticeLine, sendOutgoing } from './handover-effects.js';
import { actionOf, logTrigger, type GuardTrigger } from './guardrails/guard-trigger.js';
import { guardrailSettings } from './guardrails/guardrail-settings.js';
import { inputTriggerOf } from './guardrails/input-guard.js';
import { budgetTrigger, callModel, modelUsage, recordModelCall } from './guardrails/model-call.js';
import { outputTriggerOf } from './guardrails/output-checks.js';
import { REFERENCE_SEAMS, type HarnessSeams } from './seams.js';
import { runToolCall } from './tools/tool-call.js';
import { explainOutcome } from './triage-step.js';
import { needMoreInfoLine, triageCall } from './triage-tool.js';
import {
  appendLine,
  claimNextEvent,
  conversationsWithWork,
  countStep,
  handoverOfEvent,
  keyFacts,
  markHandled,
  openHandover,
  outgoingOfEvent,
  readConversation,
  readHandover,
  readTranscript,
  recordEvent,
  recordOutgoing,
  recordReply,
  releaseClaim,
  stepsTaken,
  type HandoverRow,
  type PendingEvent,
} from './store.js';
import type { HandoverContext, HandoverProtocol, HarnessReason, TransferArguments } from './types.js';

export interface HarnessDefinition {
  name: string;
  summary: string;
  contracts?: Partial<HandoverProtocol['contracts']>;
  seams?: Partial<HarnessSeams>;
}

/** A bound on the events one drain handles, far above any workload: a drain that reaches it is a bug. */
const DRAIN_EVENTS_MAX = 10_000;

type Transfer = { target: string; reason: TransferArguments['reason'] | HarnessReason; summary: string };

/** The reason a guardrail's handover carries: a crisis (the notice gives the urgent line), or which layer fired. */
function reasonOf(trigger: GuardTrigger): Transfer['reason'] {
  if (trigger.check === 'crisis-phrase') return 'crisis';
  if (trigger.check === 'model-down' || trigger.check === 'model-timeout') return 'model_unavailable';
  if (trigger.layer === 'model') return 'budget';
  return 'guardrail';
}

/**
 * The reference harness of seed 002: the model proposes, the harness
 * disposes. Every event is recorded before it is acted on; one worker at a
 * time handles a conversation's events, oldest first; each message runs the
 * active agent's loop, bounded by stepsMax; a transfer is a typed tool call,
 * validated against its schema and the graph, capped, and committed with the
 * new active agent before anything else happens; a handover to a person
 * commits its state, then enqueues the ticket, then tells the user.
 */
export function harnessProtocol(definition: HarnessDefinition): HandoverProtocol {
  const seams: HarnessSeams = { ...REFERENCE_SEAMS, ...definition.seams };
  const contracts = { 'human-queue': atomicReceipt, 'message-channel': atomicReceipt, ...definition.contracts };

  async function drain(ctx: HandoverContext, conversationId: string): Promise<void> {
    for (let handled = 0; handled < DRAIN_EVENTS_MAX; handled++) {
      const next = await ctx.orchestrator.transaction((db) => claimNextEvent(db, conversationId, ctx.worker, ctx.life));
      if (next === undefined || next === 'claimed') return;
      if (!(await handleEvent(ctx, next))) {
        // A receiver did not settle: the event stays unhandled, and a later drain (resume) takes it up again.
        await ctx.orchestrator.transaction((db) => releaseClaim(db, conversationId, ctx.worker));
        return;
      }
    }
    throw new Error(`conversation ${conversationId}: more than ${DRAIN_EVENTS_MAX} events in one drain`);
  }

  async function handleEvent(ctx: HandoverContext, event: PendingEvent): Promise<boolean> {
    // What an earlier life decided for this event is finished, never decided again.
    const decided = await ctx.orchestrator.transaction((db) => ({
      handover: handoverOfEvent(db, event.conversationId, event.eventId),
      outgoing: outgoingOfEvent(db, event.conversationId, event.eventId),
    }));
    if (decided.handover || decided.outgoing.length > 0) return finishEvent(ctx, event, decided.handover);
    return event.kind === 'operator-return' ? giveBack(ctx, event) : answer(ctx, event);
  }

  async function finishEvent(ctx: HandoverContext, event: PendingEvent, handover: HandoverRow | undefined): Promise<boolean> {
    if (handover && !(await completeHandover(ctx, handover, seams.handoverOrder))) return false;
    if (!(await sendOutgoing(ctx, event))) return false;
    await ctx.orchestrator.transaction((db) => markHandled(db, event.conversationId, event.eventId));
    return true;
  }

  /** The loop of one user message: the active agent's model, step by step, until a reply, a handover or the step limit. */
  async function answer(ctx: HandoverContext, event: PendingEvent): Promise<boolean> {
    const { conversationId: id, eventId } = event;
    let agent = await ctx.orchestrator.transaction((db) => {
      const conversation = readConversation(db, id);
      if (conversation.handover_state !== 'with-human') return seams.activeAgent.read(ctx, conversation);
      const answerer = seams.answererWhileWithHuman(openHandover(db, id));
      if (answerer === null) {
        appendLine(
          db,
          id,
          eventId,
          { role: 'harness', agent: null, text: 'a person has the conversation: no agent answers' },
          ctx.nowMs(),
          ctx.life,
        );
        markHandled(db, id, eventId);
      }
      return answerer;
    });
    if (agent === null) return true;

    // Before the model: a message a guardrail catches goes to a person or a fixed reply, and the model never sees it.
    const userText = event.kind === 'user' ? (JSON.parse(event.body) as { text: string }).text : '';
    const flagged = new Set(guardrailSettings(ctx.settings).flaggedSenders);
    const caught = inputTriggerOf(seams.inputChecks, { sender: id, text: userText }, flagged);
    if (caught) return guardTriggered(ctx, event, agent, caught);

    // Bounded: every pass takes at least one step, and the step limit ends the loop in a handover.
    for (;;) {
      const { steps, transcript, conversation, usage } = await ctx.orchestrator.transaction((db) => ({
        steps: stepsTaken(db, id, eventId),
        transcript: readTranscript(db, id),
        conversation: readConversation(db, id),
        usage: modelUsage(db, id),
      }));
      if (steps >= ctx.settings.stepsMax) {
        // The loop's bound is the harness's, not the model's: past it a person takes over.
        const summary = `the assistant did not finish within ${ctx.settings.stepsMax} steps`;
        const trigger: GuardTrigger = { layer: 'model', check: 'step-limit', reason: summary, handover: true };
        return handOver(ctx, event, agent, { target: ctx.graph.fallbackHuman, reason: 'step_limit', summary }, trigger);
      }
      const overBudget = budgetTrigger(ctx, usage);
      if (overBudget) return guardTriggered(ctx, event, agent, overBudget);
      const from = agent;
      const call = await callModel(ctx, { conversationId: id, agent: from, transcript }, ctx.tools.specs(from));
      await ctx.orchestrator.transaction((db) => recordModelCall(db, { conversationId: id, eventId, agent: from }, call));
      if (!call.ok) {
        const fallback = seams.onModelUnavailable(call.trigger);
        if (fallback !== 'drop') return guardTriggered(ctx, event, from, fallback);
        await ctx.orchestrator.transaction((db) => markHandled(db, id, eventId));
        return true;
      }
      const action = call.action;
      if (action.type === 'reply') {
        // After the model: its text reaches the user only if every output check lets it.
        const userLines = transcript.filter((line) => line.role === 'user').map((line) => line.text);
        const blocked = outputTriggerOf(seams.outputChecks, seams.outputClassifier, { text: action.text, userLines });
        if (blocked) return guardTriggered(ctx, event, from, blocked);
        await ctx.orchestrator.transaction((db) => {
          recordReply(db, event, from, action.text, ctx.nowMs(), ctx.life);
          countStep(db, id, eventId);
        });
        return finishEvent(ctx, event, undefined);
      }
      if (action.calls.length === 0) {
        await ctx.orchestrator.transaction((db) => {
          appendLine(db, id, eventId, { role: 'tool-error', agent, text: 'no tool call in a tool-calls answer' }, ctx.nowMs(), ctx.life);
          countStep(db, id, eventId);
        });
        continue;
      }
      for (const call of action.calls.slice(0, ctx.settings.stepsMax - steps)) {
        if (call.name === 'triage' && ctx.graph.agents[from]?.tools.includes('triage')) {
          // The rules decide: need-more-info goes back to the model as the tool's result; an outcome is told in the rules' words.
          const decision = await ctx.orchestrator.transaction((db) => {
            const args = call.arguments !== null && typeof call.arguments === 'object' ? (call.arguments as Record<string, unknown>) : {};
            const decided = triageCall(db, id, args, seams.decide);
            if (decided.kind === 'need-more-info')
              appendLine(db, id, eventId, { role: 'tool', agent: from, text: needMoreInfoLine(decided) }, ctx.nowMs(), ctx.life);
            countStep(db, id, eventId);
            return decided;
          });
          if (decision.kind === 'need-more-info') continue;
          const explained = await explainOutcome(ctx, event, decision, seams);
          await ctx.orchestrator.transaction((db) => {
            if (explained.dropped)
              logTrigger(
                db,
                { conversationId: event.conversationId, eventId: event.eventId, life: ctx.life, atMs: ctx.nowMs() },
                explained.dropped,
                'safe-reply',
              );
            recordReply(db, event, from, explained.text, ctx.nowMs(), ctx.life);
          });
          return finishEvent(ctx, event, undefined);
        }
        if (call.name !== 'transfer') {
          await ctx.orchestrator.transaction((db) => {
            const line = runToolCall(db, { ctx, seams, conversationId: id, eventId, agent: from, userText }, call);
            appendLine(db, id, eventId, { ...line, agent: from }, ctx.nowMs(), ctx.life);
            countStep(db, id, eventId);
          });
          continue;
        }
        const valid = ctx.tools.validateTransfer(from, call.arguments);
        if (!valid.ok) {
          // An invalid transfer goes back to the model as the tool's error and is never executed.
          await ctx.orchestrator.transaction((db) => {
            appendLine(db, id, eventId, { role: 'tool-error', agent: from, text: valid.error }, ctx.nowMs(), ctx.life);
            countStep(db, id, eventId);
          });
          break;
        }
        let transfer: Transfer = valid.value;
        let capped: GuardTrigger | undefined;
        if (!Object.hasOwn(ctx.graph.humans, transfer.target) && seams.transferCount.read(ctx, conversation) >= ctx.settings.transfersMax) {
          // The cap is the harness's: past it the conversation goes to a person, whatever the model wants.
          transfer = { target: ctx.graph.fallbackHuman, reason: 'transfer_limit', summary: transfer.summary };
          capped = { layer: 'model', check: 'transfer-limit', reason: `more than ${ctx.settings.transfersMax} transfers`, handover: true };
        }
        await ctx.cut('transfer-decided');
        if (Object.hasOwn(ctx.graph.humans, transfer.target)) return handOver(ctx, event, from, transfer, capped);
        const to = transfer.target;
        await ctx.orchestrator.transaction((db) => {
          const current = readConversation(db, id);
          seams.activeAgent.write(ctx, db, current, to);
          seams.transferCount.add(ctx, db, current);
          appendLine(
            db,
            id,
            eventId,
            { role: 'transfer', agent: from, target: to, text: `transfer to ${to} (${transfer.reason}): ${transfer.summary}` },
            ctx.nowMs(),
            ctx.life,
          );
          countStep(db, id, eventId);
        });
        await ctx.cut('state-committed');
        agent = to;
        break;
      }
    }
  }

  /**
   * A guardrail fired: what it does is the harness's, never the model's. A
   * handover (with the fixed safe reply when it has one), or the fixed safe
   * reply alone; logged with its reason in the same transaction either way.
   */
  async function guardTriggered(ctx: HandoverContext, event: PendingEvent, from: string, trigger: GuardTrigger): Promise<boolean> {
    if (trigger.handover) {
      const summary = `guardrail ${trigger.check}: ${trigger.reason}`;
      // The same boundary as a transfer the model asked for: decided, nothing written yet.
      await ctx.cut('transfer-decided');
      return handOver(ctx, event, from, { target: ctx.graph.fallbackHuman, reason: reasonOf(trigger), summary }, trigger);
    }
    await ctx.orchestrator.transaction((db) => {
      logTrigger(
        db,
        { conversationId: event.conversationId, eventId: event.eventId, life: ctx.life, atMs: ctx.nowMs() },
        trigger,
        actionOf(trigger),
      );
      recordReply(db, event, from, trigger.reply ?? '', ctx.nowMs(), ctx.life);
      countStep(db, event.conversationId, event.eventId);
    });
    return finishEvent(ctx, event, undefined);
  }

  /** A handover to a person: its state first (who has the conversation, the handover's row), then its two side effects. */
  async function handOver(
    ctx: HandoverContext,
    event: PendingEvent,
    from: string,
    transfer: Transfer,
    trigger?: GuardTrigger,
  ): Promise<boolean> {
    const { conversationId: id, eventId } = event;
    const handover = await ctx.orchestrator.transaction((db) => {
      // Decided on a read of an earlier transaction: another process (a recovery beside this live one) may have handed
      // this event, or this conversation, to a person since. Checked where it is written, so one request is one handover.
      const already = handoverOfEvent(db, id, eventId);
      if (already) return already;
      if (trigger) {
        logTrigger(
          db,
          { conversationId: event.conversationId, eventId: event.eventId, life: ctx.life, atMs: ctx.nowMs() },
          trigger,
          actionOf(trigger),
        );
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
        appendLine(db, id, eventId, { role: 'harness', agent: null, text }, ctx.nowMs(), ctx.life);
        markHandled(db, id, eventId);
        return null;
      }
      const seq = conversation.handover_seq + 1;
      db.prepare("UPDATE conversations SET handover_state = 'with-human', handover_seq = ? WHERE id = ?").run(seq, id);
      seams.activeAgent.write(ctx, db, conversation, transfer.target);
      db.prepare(
        `INSERT INTO handovers (conversation_id, seq, event_id, from_agent, target, reason, summary, key_facts, committed_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(id, seq, eventId, from, transfer.target, transfer.reason, transfer.summary, JSON.stringify(keyFacts(db, id)), ctx.nowMs());
      appendLine(
        db,
        id,
        eventId,
        {
          role: 'handover',
          agent: from,
          target: transfer.target,
          text: `handover to ${transfer.target} (${transfer.reason}): ${transfer.summary}`,
        },
        ctx.nowMs(),
        ctx.life,
      );
      // A transfer the model called is one of its steps; the harness's own handover at the step limit is not.
      if (transfer.reason !== 'step_limit') countStep(db, id, eventId);
      return readHandover(db, id, seq);
    });
    if (handover === null) return true;
    await ctx.cut('state-committed');
    return finishEvent(ctx, event, handover);
  }

  /** The operator gives the conversation back: the operator's messages enter the agent's context, and the state is reset. */
  async function giveBack(ctx: HandoverContext, event: PendingEvent): Promise<boolean> {
    const { conversationId: id, eventId } = event;
    const messages = (JSON.parse(event.body) as { messages: string[] }).messages;
    const returned = await ctx.orchestrator.transaction((db) => {
      const handover = openHandover(db, id);
      if (!handover) {
        appendLine(
          db,
          id,
          eventId,
          { role: 'harness', agent: null, text: 'an operator return without an open handover' },
          ctx.nowMs(),
          ctx.life,
        );
        markHandled(db, id, eventId);
        return false;
      }
      for (const text of messages) appendLine(db, id, eventId, { role: 'operator', agent: handover.target, text }, ctx.nowMs(), ctx.life);
      db.prepare('UPDATE handovers SET returned_by = ? WHERE conversation_id = ? AND seq = ?').run(eventId, id, handover.seq);
      const conversation = readConversation(db, id);
      seams.onReturn(db, conversation);
      seams.activeAgent.write(ctx, db, conversation, handover.from_agent);
      recordOutgoing(db, {
        message_key: `${id}:returned:${handover.seq}`,
        conversation_id: id,
        event_id: eventId,
        agent: handover.from_agent,
        kind: 'notice',
        text: noticeLine(ctx.graph, handover, 'returned', ctx.nowMs()),
      });
      return true;
    });
    await ctx.cut('operator-resolved');
    return returned ? finishEvent(ctx, event, undefined) : true;
  }

  return {
    name: definition.name,
    summary: definition.summary,
    contracts,
    async receive(ctx, event) {
      // Recorded before anything is done about it: from this commit on, a redelivery is recognised and nothing is lost.
      await ctx.orchestrator.transaction((db) => recordEvent(db, event, ctx.graph.entry, ctx.nowMs(), ctx.life));
      await drain(ctx, event.conversationId);
    },
    async resume(ctx) {
      for (const id of await ctx.orchestrator.transaction(conversationsWithWork)) await drain(ctx, id);
      const left = await ctx.orchestrator.transaction(conversationsWithWork);
      return left.length > 0 ? { waitUntilMs: ctx.nowMs() + ctx.settings.retryDelayMs } : undefined;
    },
  };
}
