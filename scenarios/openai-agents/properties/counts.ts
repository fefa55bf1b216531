import { FAULT_FREE } from '../../../sim/check/fault-free-oracle.js';
import type { FamilyOutcome } from '../../../sim/engine/run-family.js';

/**
 * N per intention, read from the receivers' own rows: each tool call's
 * effects in effects.db and each handover's tickets in human-queue.db. (The
 * family's table counts per act of the script, where an act the model
 * repeats shows the same intention twice.)
 */
export function intentionCounts(outcome: FamilyOutcome): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of [...(outcome.state.effects?.effects ?? []), ...(outcome.state['human-queue']?.tickets ?? [])]) {
    const id = String(row.intention_id);
    counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
}

/** Whether the conversation ran to its end: its last saved RunState is final (no approval left waiting). */
export function finished(outcome: FamilyOutcome): boolean {
  return outcome.end.kind === 'completed' && Number(outcome.state.orchestrator?.run_states?.at(-1)?.final ?? 0) === 1;
}

/** Whether the same script's fault-free run finished its conversation, as runOpenAIAgentsTrial keeps it. */
export function faultFreeFinished(outcome: FamilyOutcome): boolean {
  return Number(outcome.state[FAULT_FREE]?.finished?.[0]?.finished ?? 0) === 1;
}

/** The script's handovers to a person, as runOpenAIAgentsTrial keeps them: whether each is only announced. */
export function handoversOf(outcome: FamilyOutcome): { announced: boolean }[] {
  return (outcome.state[FAULT_FREE]?.handovers ?? []).map((row) => ({ announced: Number(row.announced) === 1 }));
}
