import { combinedVerdict, type Verdict } from '../engine/verdict.js';
import type { ProtocolStress } from './stress-run.js';

/**
 * What a protocol's stress trials show. pass: nothing it must not do; fail:
 * a protocol that must hold duplicated or lost an intention, or a worker life
 * failed (an error, the SQLITE_BUSY bound); unexercised: crashes were asked
 * for but none fired in any trial, so the run proves nothing about crashes;
 * unknown: cutpoint's own time limit stopped a worker life, so the trials
 * could not be judged (a slow machine, or a protocol that never returns).
 */
export type StressOutcome = 'pass' | 'fail' | 'unexercised' | 'unknown';

export function stressOutcome(summary: ProtocolStress, options: { mustHold: boolean; crashesAsked: boolean }): StressOutcome {
  // A duplicate is a duplicate whatever else happened in the trial.
  if (options.mustHold && summary.duplicates > 0) return 'fail';
  if (summary.timedOutTrials > 0) return 'unknown';
  if (summary.failures.length > 0 || (options.mustHold && summary.lost > 0)) return 'fail';
  if (options.crashesAsked && summary.crashesFired === 0) return 'unexercised';
  return 'pass';
}

/** A protocol's outcome as a Verdict: unexercised is unknown, since trials whose crashes never fired judge nothing of crashes. */
export function stressOutcomeVerdict(outcome: StressOutcome): Verdict {
  return outcome === 'unexercised' ? 'unknown' : outcome;
}

/** The run's verdict: its protocols' verdicts combined. */
export function stressRunVerdict(outcomes: readonly StressOutcome[]): Verdict {
  return combinedVerdict(outcomes.map(stressOutcomeVerdict));
}
