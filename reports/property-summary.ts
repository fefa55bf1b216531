import type { PropertyResult } from '../scenarios/reservation/properties/check-property.js';
import type { FaultTally } from '../scenarios/reservation/properties/fault-tally.js';
import type { Trial } from '../scenarios/reservation/properties/trial.js';

const FAULT_WORDS: [keyof Omit<FaultTally, 'runs'>, string][] = [
  ['crashes', 'crashes'],
  ['crashesInRecovery', 'in recovery'],
  ['droppedReplies', 'lost replies'],
  ['unavailableCalls', 'unavailable calls'],
  ['concurrentSends', 'lease take-overs'],
  ['replays', 'replays'],
  ['rejections', 'rejections'],
  ['staleRefusals', 'stale refusals'],
  ['definitiveRefusals', 'definitive refusals'],
  ['transientRefusals', 'transient refusals'],
];

export function tallyText(tally: FaultTally): string {
  return FAULT_WORDS.filter(([kind]) => tally[kind] > 0)
    .map(([kind, words]) => `${tally[kind]} ${words}`)
    .join(', ');
}

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

const OUTCOME_WORDS: Record<PropertyResult['outcome'], string> = {
  held: 'held',
  found: 'found',
  failed: 'FAILED',
  missed: 'MISSED',
  unexercised: 'UNEXERCISED',
};

/** One line per property: name, outcome, runs, time, throughput, and what fired or was found. */
export function summaryLine(result: PropertyResult, nameWidth: number): string {
  const head = `${result.passed ? '✓' : '✗'} ${result.name.padEnd(nameWidth)} ${OUTCOME_WORDS[result.outcome].padEnd(11)}`;
  const speed = `${String(result.runs).padStart(6)} runs ${(result.timeMs / 1000).toFixed(2).padStart(6)} s ${Math.round(result.runsPerSecond).toString().padStart(5)} runs/s`;
  switch (result.outcome) {
    case 'held':
      return `${head} ${speed}  fired: ${tallyText(result.tally)}`;
    case 'unexercised':
      return `${head} ${speed}  held, but never fired: ${result.unfired.join(', ')}`;
    case 'missed':
      return `${head} ${speed}  no counterexample: the harness did not catch this known bug`;
    case 'found':
    case 'failed': {
      const ce = result.counterexample;
      const what = ce?.violation ? `${ce.violation.kind}: ${ce.violation.message}` : 'counterexample';
      const size = ce ? `; shrunk ${result.shrinks}x to ${trialSize(ce.trial)}` : '';
      return `${head} ${speed}  ${what}${size}`;
    }
  }
}
