import type { FaultKind, PropertyResult } from '../sim/results/property-result.js';
import { unexercisedWords } from '../sim/results/unexercised-words.js';

/** What fired, in the family's words, in the family's order; kinds it has no words for keep their names. */
export function tallyText(tally: PropertyResult['tally'], kinds: readonly FaultKind[]): string {
  const words = new Map(kinds.map(({ kind, words }) => [kind, words]));
  const order = [...kinds.map(({ kind }) => kind), ...Object.keys(tally).filter((kind) => kind !== 'runs' && !words.has(kind))];
  return order
    .filter((kind) => (tally[kind] ?? 0) > 0)
    .map((kind) => `${tally[kind]} ${words.get(kind) ?? kind}`)
    .join(', ');
}

const OUTCOME_WORDS: Record<PropertyResult['outcome'], string> = {
  held: 'held',
  found: 'found',
  failed: 'FAILED',
  missed: 'MISSED',
  unexercised: 'UNEXERCISED',
};

/**
 * One line per property: name, outcome, runs, time, throughput, and what
 * fired or was found; `size` words a counterexample's trial.
 */
export function summaryLine(
  result: PropertyResult,
  nameWidth: number,
  family: { faultKinds: readonly FaultKind[]; trialSize(trial: unknown): string },
): string {
  const head = `${result.passed ? '✓' : '✗'} ${result.name.padEnd(nameWidth)} ${OUTCOME_WORDS[result.outcome].padEnd(11)}`;
  const speed = `${String(result.runs).padStart(6)} runs ${(result.timeMs / 1000).toFixed(2).padStart(6)} s ${Math.round(result.runsPerSecond).toString().padStart(5)} runs/s`;
  switch (result.outcome) {
    case 'held':
      return `${head} ${speed}  fired: ${tallyText(result.tally, family.faultKinds)}`;
    case 'unexercised':
      return `${head} ${speed}  held, but ${unexercisedWords(result, family.faultKinds)}`;
    case 'missed':
      return `${head} ${speed}  no counterexample: the harness did not catch this known bug`;
    case 'found':
    case 'failed': {
      const ce = result.counterexample;
      const what = ce?.violation ? `${ce.violation.kind}: ${ce.violation.message}` : 'counterexample';
      const size = ce ? `; shrunk ${result.shrinks}x to ${family.trialSize(ce.trial)}` : '';
      return `${head} ${speed}  ${what}${size}`;
    }
  }
}
