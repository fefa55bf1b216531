import { DEFAULT_FAMILY } from '../families/index.js';
import type { CheckResults } from './check-results.js';
import type { JunitCase } from './junit.js';
import { unexercisedWords } from './unexercised-words.js';

/**
 * A check run as JUnit cases: one per property, grouped by family. A case
 * passes as `sim check` counts it (a property held, a negative control found
 * its bug); the message says the outcome, what fired or the violation, and
 * the replay line of a counterexample.
 */
export function checkJunitCases(results: Pick<CheckResults, 'family' | 'properties'>): JunitCase[] {
  return results.properties.map((property) => {
    const ce = property.counterexample;
    const what = ce?.violation
      ? `${ce.violation.kind}: ${ce.violation.message}`
      : property.outcome === 'unexercised'
        ? `${unexercisedWords(property)}${property.unexercisedWhy ? `; ${property.unexercisedWhy}` : ''}`
        : `${property.runs} runs`;
    const replay = property.replay ? `; replay: ${property.replay.command}` : '';
    return {
      suite: `${results.family ?? DEFAULT_FAMILY} properties`,
      name: property.name,
      passed: property.passed,
      message: `${property.outcome}: ${what}${replay}`,
      timeMs: property.timeMs,
    };
  });
}
