import { InputError } from '../engine/input-error.js';

/** Exit codes, as DESIGN.md fixes them. */
export const EXIT = {
  /** Every check held. */
  ok: 0,
  /** A check failed: table mismatch, counterexample, unexpected violation. */
  checkFailed: 1,
  /** Bad input or environment: one clear line on stderr, no stack trace. */
  badInput: 2,
  /** cutpoint's own bug: the stack on stderr and a request to report it. */
  internalError: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Bad input found by a command itself; its message is the one line the user sees. */
export class UsageError extends InputError {}
