import { noFaults } from '../../../sim/check/fault-words.js';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';
import { BUILT_IN_CHECK_NAMES } from '../../../sim/families/handover/guardrail-rules-file.js';

/**
 * The handover family's faults and harness rules, and the words a summary
 * prints for each: how often each actually fired is the proof that a
 * property was exercised.
 */
export const HANDOVER_FAULTS = {
  crashes: 'crashes',
  crashesInRecovery: 'in recovery',
  lostReplies: 'lost replies',
  /** Two events of one moment delivered to two workers in one life. */
  concurrentDeliveries: 'concurrent deliveries',
  /** Transfers the harness refused as invalid (schema or graph), sent back to the model as errors. */
  invalidTransfers: 'invalid transfers',
  stepLimits: 'step limits',
  capOverrides: 'cap overrides',
  handovers: 'handovers',
  returns: 'returns',
  templates: 'templates',
  replays: 'replays',
  /** Calls the harness made to the model (model_calls), answered or not: with --policy, what an unexercised line counts. */
  modelCalls: 'model calls',
  /** Calls the model answered with a valid action in time (model_calls): with --policy, proof the policy was exercised. */
  modelAnswers: 'model answers',
  /** Calls the model did not answer (it threw, timed out, or answered garbage): with --policy, decisions the harness's fallback made. */
  modelFailures: 'unanswered model calls',
  /** Messages, conversations or replies a rule of the user's (--rules) decided (guardrail_log): proof the rules were exercised. */
  ruleDecisions: 'rule decisions',
  /** Effects the graph's own acting tools applied (tool-server.db): proof a graph's own tool ran. */
  toolEffects: 'own tool effects',
} as const;

export type TallyKind = keyof typeof HANDOVER_FAULTS;

/** How often each fault and rule fired in one run, from its history and its files. */
export function tallyHandoverRun(outcome: FamilyOutcome): Record<TallyKind, number> {
  const tally = noFaults(HANDOVER_FAULTS);
  const deliveries = new Map<string, Set<string>>();
  for (const event of outcome.history.all()) {
    if (event.type === 'crash') {
      tally.crashes++;
      if (event.life > 0) tally.crashesInRecovery++;
    }
    const text = JSON.stringify(event.value ?? null);
    if (event.type === 'info' && (text.includes('reply dropped') || text.includes('reply lost'))) tally.lostReplies++;
    if (event.type === 'ok' && text.includes('"replayed":true')) tally.replays++;
    if (event.op === 'deliver' && event.type === 'invoke') {
      const moment = `${event.life}@${event.atMs}`;
      const workers = deliveries.get(moment) ?? new Set<string>();
      workers.add(event.worker);
      deliveries.set(moment, workers);
    }
  }
  tally.concurrentDeliveries += [...deliveries.values()].filter((workers) => workers.size > 1).length;
  const state = outcome.state;
  const transcript = (state.orchestrator?.transcript ?? []) as { role: string; text: string }[];
  tally.invalidTransfers += transcript.filter((row) => row.role === 'tool-error' && row.text.startsWith('transfer')).length;
  const handovers = (state.orchestrator?.handovers ?? []) as { reason: string; returned_by: string | null }[];
  tally.handovers += handovers.length;
  tally.stepLimits += handovers.filter((handover) => handover.reason === 'step_limit').length;
  tally.capOverrides += handovers.filter((handover) => handover.reason === 'transfer_limit').length;
  tally.returns += handovers.filter((handover) => handover.returned_by !== null).length;
  const modelCalls = (state.orchestrator?.model_calls ?? []) as { outcome: string }[];
  tally.modelCalls += modelCalls.length;
  tally.modelAnswers += modelCalls.filter((call) => call.outcome === 'answered').length;
  tally.modelFailures += modelCalls.filter((call) => call.outcome !== 'answered').length;
  const guardrails = (state.orchestrator?.guardrail_log ?? []) as { layer: string; check_name: string }[];
  tally.ruleDecisions += guardrails.filter((row) => row.layer !== 'tool' && !BUILT_IN_CHECK_NAMES.has(row.check_name)).length;
  tally.toolEffects += (state['tool-server']?.tool_effects ?? []).length;
  tally.templates += ((state['message-channel']?.messages ?? []) as { kind: string }[]).filter(
    (message) => message.kind === 'template',
  ).length;
  return tally;
}
