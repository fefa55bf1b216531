import type { ProbeConfig } from './probe-config.js';
import type { ProbeSession } from './probe-session.js';

/** What a clause saw: in words, whether it holds, and the numbers of the requests that show it. */
export interface ClauseOutcome {
  observed: string;
  pass: boolean;
  requests: number[];
}

/** One property of a service that is safe to retry, checked with fresh keys against the live service. */
export interface Clause {
  name: string;
  expected: string;
  /** Why these options leave the clause nothing to check (no tenant header, no key required), or undefined. */
  notRunBecause(config: ProbeConfig): string | undefined;
  run(session: ProbeSession): Promise<ClauseOutcome>;
}
