import type { Trial } from './trial.js';

/** The size of a counterexample, in the terms a reader checks first. */
export function trialSize(trial: Trial): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    count(trial.intentions.length, 'intention', 'intentions'),
    count(trial.workers, 'worker', 'workers'),
    count(trial.crashAtHit.length, 'crash', 'crashes'),
  ];
  if (trial.faults.dropReplies.length > 0) parts.push(count(trial.faults.dropReplies.length, 'lost reply', 'lost replies'));
  if (trial.faults.unavailable.length > 0)
    parts.push(count(trial.faults.unavailable.length, 'unavailability window', 'unavailability windows'));
  return parts.join(', ');
}

/** A trial's parameters, one line: what a reader needs to follow the timeline. */
export function trialText(trial: Trial): string {
  const intentions = trial.intentions.map((i) => `${i.tenant}:${i.key}(${i.params.part}x${i.params.qty})`).join(' ');
  const crashes = trial.crashAtHit.length ? trial.crashAtHit.map((nth, life) => `life ${life} at cut hit #${nth}`).join(', ') : 'none';
  const windows = trial.faults.unavailable.map((w) => `[${w.fromMs}, ${w.toMs}) ms`).join(' ') || 'none';
  const retention = trial.warehouse.retentionMs === null ? 'forever' : `${trial.warehouse.retentionMs} ms`;
  return [
    `protocol ${trial.protocol}; intentions ${intentions}; workers ${trial.workers}`,
    `crashes: ${crashes}; lost replies at calls: ${trial.faults.dropReplies.join(', ') || 'none'}; unavailable: ${windows}`,
    `lease ${trial.settings.leaseMs} ms; retry delays ${trial.settings.retryDelaysMs.join('/')} ms; receipts kept ${retention}${trial.warehouse.closedWindow ? ', closed window' : ''}`,
  ].join('\n');
}
