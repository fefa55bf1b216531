import type { JsonValue } from '../engine/history.js';
import type { CaseResult } from '../engine/run-case.js';

/** What an isolated case's child needs, passed in a file. */
export interface CaseChildSpec {
  family: string;
  protocolFile: string;
  folder: string;
  /** The case's workload as the family writes it to JSON; the family's table workload when absent. */
  workload?: JsonValue;
  cut: { index: number | null; name: string } | null;
  discoverBoundaries?: boolean;
  /** Run the case a second time and compare histories byte for byte. */
  checkDeterminism: boolean;
  /** Where the child appends its events, one write per event: the watchdog reads them. */
  eventsFile: string;
  /** Where the child says how it ended. */
  endFile: string;
  /** `http`: the child starts the HTTP transport of its own (server, proxy) and every call of the case crosses it. */
  transport?: 'in-process' | 'http';
}

export type CaseChildEnd = { ended: 'completed'; result: CaseResult } | { ended: 'exit-called'; code: number };

/** The first line (1-based) where two histories differ, with both lines; none when they are equal. */
export function firstDifference(
  first: readonly string[],
  second: readonly string[],
): { line: number; first: string; second: string } | undefined {
  const length = Math.max(first.length, second.length);
  for (let index = 0; index < length; index++) {
    if (first[index] !== second[index]) return { line: index + 1, first: first[index] ?? '', second: second[index] ?? '' };
  }
  return undefined;
}
