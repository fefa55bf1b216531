import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { findContract } from '../receivers/contracts.js';
import type { Contract } from '../receivers/types.js';
import { finishEvent } from './finish-event.js';
import { giveBack } from './give-back.js';
import type { GuardTrigger } from './guardrails/guard-trigger.js';
import { guardrailSettings } from './guardrails/guardrail-settings.js';
import { inputTriggerOf } from './guardrails/input-guard.js';
import { budgetTrigger, callModel, modelUsage, recordModelCall } from './guardrails/model-call.js';
import { outputTriggerOf } from './guardrails/output-checks.js';
import { ruleTriggerOf, transcriptText } from './guardrails/rules.js';
import { guardTriggered, handOver, type Transfer } from './hand-over.js';
import { REFERENCE_SEAMS, type HarnessSeams } from './seams.js';
import { runActingCall } from './tools/acting-call.js';
import { runToolCall } from './tools/tool-call.js';
import { triageTurn } from './triage-step.js';
import {
  appendLine,
  claimNextEvent,
  conversationsWithWork,
  countStep,
  handoverOfEvent,
  markHandled,
  openHandover,
  outgoingOfEvent,
  readConversation,
  readTranscript,
  recordEvent,
  recordReply,
  releaseClaim,
  stepsTaken,
  type PendingEvent,
} from './store.js';
import type { HandoverContext, HandoverProtocol } from './types.js';

export interface HarnessDefinition {
  name: string;
  summary: string;
  /** Each a contract, or a built-in's name ('no-receipt'); a name that is none is refused when the module is loaded. */
  contracts?: Partial<Record<keyof HandoverProtocol['contracts'], Contract | string>>;
  seams?: Partial<HarnessSeams>;
}

/** A bound on the events one drain handles, far above any workload: a drain that reaches it is a bug. */
const DRAIN_EVENTS_MAX = 10_000;

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
  const named = Object.entries(definition.contracts ?? {}).map(([receiver, c]) => [
    receiver,
    typeof c === 'string' ? (findContract(c) ?? c) : c,
  ]);
  const contracts = {
    'human-queue': atomicReceipt,
    'message-channel': atomicReceipt,
    ...Object.fromEntries(named),
  } as HandoverProtocol['contracts'];

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
    if (decided.handover || decided.outgoing.length > 0) return finishEvent(ctx, seams, event, decided.handover);
    return event.kind === 'operator-return' ? giveBack(ctx, seams, event) : answer(ctx, event);
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
    const { flaggedSenders, rules } = guardrailSettings(ctx.settings);
    const caught =
      ruleTriggerOf(rules, 'before', userText) ?? inputTriggerOf(seams.inputChecks, { sender: id, text: userText }, new Set(flaggedSenders));
    if (caught) return guardTriggered(ctx, seams, event, agent, caught);

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
        return handOver(ctx, seams, event, agent, { target: ctx.graph.fallbackHuman, reason: 'step_limit', summary }, trigger);
      }
      // Around the model: the budgets, then the user's rules on the conversation so far, before each call.
      const around = budgetTrigger(ctx, usage) ?? ruleTriggerOf(rules, 'around', transcriptText(transcript));
      if (around) return guardTriggered(ctx, seams, event, agent, around);
      const from = agent;
      const call = await callModel(ctx, { conversationId: id, agent: from, transcript }, ctx.tools.specs(from));
      await ctx.orchestrator.transaction((db) => recordModelCall(db, { conversationId: id, eventId, agent: from }, call));
      if (!call.ok) {
        const fallback = seams.onModelUnavailable(call.trigger);
        if (fallback !== 'drop') return guardTriggered(ctx, seams, event, from, fallback);
        await ctx.orchestrator.transaction((db) => markHandled(db, id, eventId));
        return true;
      }
      const action = call.action;
      if (action.type === 'reply') {
        // After the model: its text reaches the user only if every output check lets it.
        const userLines = transcript.filter((line) => line.role === 'user').map((line) => line.text);
        const blocked =
          ruleTriggerOf(rules, 'after', action.text) ?? outputTriggerOf(seams.outputChecks, seams.outputClassifier, { text: action.text, userLines });
        if (blocked) return guardTriggered(ctx, seams, event, from, blocked);
        await ctx.orchestrator.transaction((db) => {
          recordReply(db, event, from, action.text, ctx.nowMs(), ctx.life);
          countStep(db, id, eventId);
        });
        return finishEvent(ctx, seams, event, undefined);
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
          const turn = await triageTurn(ctx, seams, event, from, call);
          if (turn === 'ask-again') continue;
          return turn;
        }
        if (call.name !== 'transfer' && ctx.tools.own[call.name]?.acts !== undefined) {
          await runActingCall({ ctx, seams, conversationId: id, eventId, agent: from, userText }, call);
          continue;
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
        if (Object.hasOwn(ctx.graph.humans, transfer.target)) return handOver(ctx, seams, event, from, transfer, capped);
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
