import type { Verdict } from '../engine/verdict.js';
import { EXIT, type ExitCode } from './errors.js';

/**
 * A command's exit code from its verdict: 0 pass, 1 fail; unknown exits 1 as
 * well, since a run that could not be judged is no pass a CI may go on with.
 */
export function exitForVerdict(verdict: Verdict): ExitCode {
  return verdict === 'pass' ? EXIT.ok : EXIT.checkFailed;
}
