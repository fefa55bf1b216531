import type { JunitCase } from './junit.js';
import type { TableResults } from './table-results.js';
import { unexercisedPolicyLine } from '../handover/policy-exercise.js';

/**
 * A table run as JUnit cases: one per (protocol, cut) cell, grouped by
 * protocol. A cell passes when it was judged and measured its expected N (a
 * cell with no expectation passes when judged); a cell that could not be
 * judged fails with the reason, as it makes `sim table` exit 1.
 */
export function tableJunitCases(results: TableResults): JunitCase[] {
  return [...cellCases(results), ...policyCases(results)];
}

/** With --policy, one more case: the policy answered at least one of its calls, so the table measured it. */
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
    const measured = `N=${cell.effects} for ${results.intention}`;
    if (cell.expected === null) return { ...base, passed: true, message: `${measured} (no expectation)` };
    return cell.effects === cell.expected
      ? { ...base, passed: true, message: measured }
      : { ...base, passed: false, message: `${measured}, expected ${cell.expected}` };
  });
}
