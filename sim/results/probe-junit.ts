import type { JunitCase } from './junit.js';
import type { ProbeResults } from './probe-results.js';

/**
 * A probe run as JUnit cases: one per clause, a clause that did not run shown
 * as skipped with the reason, and under a clause whose writes got no response
 * the reasons its observed line abbreviates.
 */
export function probeJunitCases(results: ProbeResults): JunitCase[] {
  return results.clauses.map((clause) => ({
    suite: `probe ${results.target.url}`,
    name: clause.name,
    passed: clause.verdict === 'pass',
    skipped: clause.verdict === 'not-run',
    message: [
      `expected: ${clause.expected}`,
      `observed: ${clause.observed}`,
      ...results.noResponses
        .filter((note) => note.clauses.includes(clause.name))
        .map((note) => `no response (${note.label}): ${note.meaning}`),
    ].join('\n'),
  }));
}
