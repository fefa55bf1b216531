import type { FamilyOutcome } from '../../../sim/engine/run-family.js';

/** How often each fault and each harness rule actually fired in a set of runs: the proof that a property was exercised. */
export interface HandoverTally {
  runs: number;
  crashes: number;
  crashesInRecovery: number;
  lostReplies: number;
  /** Two events of one moment delivered to two workers in one life. */
  concurrentDeliveries: number;
  /** Transfers the harness refused as invalid (schema or graph), sent back to the model as errors. */
  invalidTransfers: number;
  stepLimits: number;
  capOverrides: number;
  handovers: number;
  returns: number;
  templates: number;
  replays: number;
}

export type TallyKind = keyof Omit<HandoverTally, 'runs'>;

export function emptyHandoverTally(): HandoverTally {
  return {
    runs: 0,
    crashes: 0,
    crashesInRecovery: 0,
    lostReplies: 0,
    concurrentDeliveries: 0,
    invalidTransfers: 0,
    stepLimits: 0,
    capOverrides: 0,
    handovers: 0,
    returns: 0,
    templates: 0,
    replays: 0,
  };
}

/** Adds one run to the tally, from its history and its files. */
export function tallyHandoverRun(tally: HandoverTally, outcome: FamilyOutcome): void {
  tally.runs++;
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
  tally.templates += ((state['message-channel']?.messages ?? []) as { kind: string }[]).filter(
    (message) => message.kind === 'template',
  ).length;
}
