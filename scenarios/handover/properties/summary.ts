import type { HandoverTrial } from './trial.js';

/** A counterexample's size: what shrinking is judged by. */
export function handoverTrialSize(trial: HandoverTrial): string {
  const events = trial.workload.conversations.reduce((sum, conversation) => sum + conversation.events.length, 0);
  const conversations = trial.workload.conversations.length;
  return `${conversations} conversation${conversations === 1 ? '' : 's'}, ${events} event${events === 1 ? '' : 's'}, ${trial.workers} worker${trial.workers === 1 ? '' : 's'}, ${trial.crashAtHit.length} crashes, ${trial.faults.dropReplies.length} lost replies, model ${trial.workload.policy.kind}`;
}
