import type { HandoverPropertyResult } from './check-property.js';
import type { HandoverTally } from './tally.js';
import type { HandoverTrial } from './trial.js';

/** What fired, as printed after each property: the proof it was exercised. */
export function handoverTallyText(tally: HandoverTally): string {
  const { runs, ...fired } = tally;
  return `${runs} runs; fired: ${Object.entries(fired)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ')}`;
}

/** A counterexample's size: what shrinking is judged by. */
export function handoverTrialSize(trial: HandoverTrial): string {
  const events = trial.workload.conversations.reduce((sum, conversation) => sum + conversation.events.length, 0);
  const conversations = trial.workload.conversations.length;
  return `${conversations} conversation${conversations === 1 ? '' : 's'}, ${events} event${events === 1 ? '' : 's'}, ${trial.workers} worker${trial.workers === 1 ? '' : 's'}, ${trial.crashAtHit.length} crashes, ${trial.faults.dropReplies.length} lost replies, model ${trial.workload.policy.kind}`;
}

/** The one command that replays exactly this counterexample. */
export function handoverReplayCommand(result: Pick<HandoverPropertyResult, 'name' | 'seed'>, path: string, extra = ''): string {
  return `sim handover check ${result.name} --seed ${result.seed} --path ${path}${extra}`;
}

const MARKS: Record<HandoverPropertyResult['outcome'], string> = { held: '✓', found: '✓', failed: '✗', missed: '✗', unexercised: '✗' };

/** One line per property: verdict, runs, speed, and the counterexample or what fired. */
export function handoverSummaryLine(result: HandoverPropertyResult, nameWidth: number): string {
  const head = `${MARKS[result.outcome]} ${result.name.padEnd(nameWidth)} ${result.outcome.padEnd(11)} ${String(result.runs).padStart(5)} runs ${(result.timeMs / 1000).toFixed(1).padStart(6)} s`;
  if (result.counterexample) {
    const violation = result.counterexample.violation;
    return `${head}  ${violation ? `${violation.kind}: ${violation.message}` : 'counterexample'}; shrunk ${result.shrinks}x to ${handoverTrialSize(result.counterexample.trial)}`;
  }
  const unfired = result.unfired.length > 0 ? `  never fired: ${result.unfired.join(', ')}` : '';
  return `${head}  ${handoverTallyText(result.tally)}${unfired}`;
}
