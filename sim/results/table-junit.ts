import type { JunitCase } from './junit.js';
import type { TableResults } from './table-results.js';
import { unanswered, unexercisedPolicyLine } from '../handover/policy-exercise.js';

/**
 * A table run as JUnit cases: one per (protocol, cut) cell, grouped by
 * protocol. A cell passes when it was judged and measured its expected N (a
 * cell with no expectation passes when judged); a cell that could not be
 * judged fails with the reason, as it makes `sim table` exit 1; so does a
 * cell where a --policy left a call unanswered (unknown).
 */
export function tableJunitCases(results: TableResults): JunitCase[] {
  return [...cellCases(results), ...policyCases(results)];
}

/** With --policy, one more case: the policy answered every call it was asked, so the table measured it throughout. */
function policyCases(results: TableResults): JunitCase[] {
  const { policy } = results;
  if (!policy) return [];
  const base = { suite: `${results.family} policy`, name: `policy ${policy.name} answered its calls`, timeMs: 0 };
  const line = unexercisedPolicyLine(policy);
  return [
    line
      ? { ...base, passed: false, message: line }
      : { ...base, passed: true, message: `${policy.answered} of ${policy.modelCalls} calls answered` },
  ];
}

function cellCases(results: TableResults): JunitCase[] {
  return results.cells.map((cell) => {
    const base = {
      suite: `${results.family} ${cell.protocol}`,
      name: `cut ${cell.cut.index} ${cell.cut.name}`,
      timeMs: cell.case.timingsMs.total,
    };
    if (cell.effects === null) return { ...base, passed: false, message: `not judged: ${cell.case.error ?? 'no count'}` };
    const calls = cell.policyCalls;
    if (calls && unanswered(calls)) {
      const first = calls.firstError ? ` (first: ${calls.firstError})` : '';
      return { ...base, passed: false, message: `unknown: the policy answered ${calls.answered} of ${calls.asked} calls${first}` };
    }
    const measured = `N=${cell.effects} for ${results.intention}${calls ? `; the policy answered ${calls.answered} of ${calls.asked} calls` : ''}`;
    if (cell.expected === null) return { ...base, passed: true, message: `${measured} (no expectation)` };
    return cell.effects === cell.expected
      ? { ...base, passed: true, message: measured }
      : { ...base, passed: false, message: `${measured}, expected ${cell.expected}` };
  });
}
