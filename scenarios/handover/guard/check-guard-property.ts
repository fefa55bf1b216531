import fc from 'fast-check';
import type { HandoverProtocol } from '../../../protocols/handover/types.js';
import { runGuardTrial, scratchFolder, type GuardRun, type GuardTrial } from './guard-trial.js';

export type GuardCheck = (trial: GuardTrial, run: GuardRun) => string | undefined;

export interface GuardPropertyResult {
  failed: boolean;
  runs: number;
  counterexample?: GuardTrial;
  violation?: string;
  /** How many runs showed each thing the property depends on (a trigger fired, a tool ran): zero proves nothing. */
  fired: Record<string, number>;
}

/**
 * Runs a guardrail property with fast-check over real runs of the harness:
 * every generated trial is run, read back from its files and checked. The
 * violation reported is the shrunk counterexample's own.
 */
export async function checkGuardProperty(
  protocol: HandoverProtocol,
  trials: fc.Arbitrary<GuardTrial>,
  check: GuardCheck,
  options: { seed: number; runs: number; scratch: string; fired: Record<string, (run: GuardRun) => boolean> },
): Promise<GuardPropertyResult> {
  const fired: Record<string, number> = Object.fromEntries(Object.keys(options.fired).map((name) => [name, 0]));
  let executed = 0;
  let violation: string | undefined;
  const details = await fc.check(
    fc.asyncProperty(trials, async (trial) => {
      const run = await runGuardTrial(protocol, trial, scratchFolder(options.scratch, protocol.name, ++executed));
      for (const [name, seen] of Object.entries(options.fired)) if (seen(run)) fired[name] = (fired[name] ?? 0) + 1;
      const found = check(trial, run);
      if (found !== undefined) violation = found;
      return found === undefined;
    }),
    { seed: options.seed, numRuns: options.runs },
  );
  return {
    failed: details.failed,
    runs: details.numRuns,
    fired,
    ...(details.counterexample ? { counterexample: details.counterexample[0], violation } : {}),
  };
}
