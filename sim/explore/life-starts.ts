import type { ExecutionStart } from './controlled-run.js';

/**
 * The starts of the recoveries that a subtree's last execution went through,
 * so that the next one need not live again what it shares with the last.
 *
 * Exploration is by re-execution: each execution follows the last one's
 * choices up to the one that changes, then goes its own way. A recovery
 * depends on nothing but what it starts from (the stores' committed images,
 * the clock, the history, the injector's and the transport's run-wide
 * counts), so an execution whose first choices lead to a recovery that the
 * last one started can start there: the lives before it would be lived again
 * exactly as they were. It then opens fresh connections to those stores, as
 * every recovery does; nothing of a crashed life's connections or module
 * state is kept, only what that life committed.
 */
export class LifeStarts {
  private starts: ExecutionStart[] = [];

  /**
   * The latest recorded start that an execution sharing the last one's first
   * `shared` choices goes through as well (one taken with at most that many
   * choices made); the later ones are forgotten, as the next execution
   * leaves them behind.
   */
  resumeFor(shared: number): ExecutionStart | undefined {
    this.starts = this.starts.filter((start) => start.made.length <= shared);
    return this.starts.at(-1);
  }

  record(start: ExecutionStart): void {
    this.starts.push(start);
  }
}
