import type { ProtocolStress } from './stress-run.js';

/**
 * What a protocol's stress trials show. pass: nothing it must not do; fail:
 * a protocol that must hold duplicated or lost an intention, or a worker life
 * failed (an error, the SQLITE_BUSY bound); unexercised: crashes were asked
 * for but none fired in any trial, so the run proves nothing about crashes;
 * error: cutpoint's own time limit stopped a worker life, so the trials
 * could not be judged (a slow machine, or a protocol that never returns).
 */
export type StressVerdict = 'pass' | 'fail' | 'unexercised' | 'error';

export function stressVerdict(summary: ProtocolStress, options: { mustHold: boolean; crashesAsked: boolean }): StressVerdict {
  // A duplicate is a duplicate whatever else happened in the trial.
  if (options.mustHold && summary.duplicates > 0) return 'fail';
  if (summary.timedOutTrials > 0) return 'error';
  if (summary.failures.length > 0 || (options.mustHold && summary.lost > 0)) return 'fail';
  if (options.crashesAsked && summary.crashesFired === 0) return 'unexercised';
  return 'pass';
}

/** The run's verdict, in the words every command uses: pass only when every protocol passed; error when one could not be judged. */
export function runVerdict(verdicts: readonly StressVerdict[]): 'pass' | 'fail' | 'error' {
  if (verdicts.every((verdict) => verdict === 'pass')) return 'pass';
  return verdicts.includes('fail') || verdicts.includes('unexercised') ? 'fail' : 'error';
}
