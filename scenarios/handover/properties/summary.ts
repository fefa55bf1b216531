import { counted } from '../../../reports/plural.js';
import type { HandoverTrial } from './trial.js';

/** A counterexample's size: what shrinking is judged by. */
export function handoverTrialSize(trial: HandoverTrial): string {
  const events = trial.workload.conversations.reduce((sum, conversation) => sum + conversation.events.length, 0);
  const conversations = trial.workload.conversations.length;
  return [
    counted(conversations, 'conversation'),
    counted(events, 'event'),
    counted(trial.workers, 'worker'),
    counted(trial.crashAtHit.length, 'crash', 'crashes'),
    counted(trial.faults.dropReplies.length, 'lost reply', 'lost replies'),
    `model ${trial.workload.policy.kind}`,
  ].join(', ');
}
