import type { JunitCase } from './junit.js';
import type { ColumnMismatch } from './table-run.js';
import type { TableResults } from './table-results.js';
import { unanswered, unexercisedPolicyLine } from '../engine/policy-exercise.js';

/**
 * A table run as JUnit cases: one per (protocol, cut) cell, grouped by
 * protocol. A cell passes when it was judged, measured its expected N (a
 * cell with no expectation passes when judged) and kept its per-cut columns
 * within their expectation; a cell that could not be judged fails with the
 * reason, as it makes `sim table` exit 1; so does a cell where a --policy
 * left a call unanswered (unknown). A per-row column that differs is one more
 * failing case.
 */
export function tableJunitCases(results: TableResults): JunitCase[] {
  return [...cellCases(results), ...rowColumnCases(results), ...policyCases(results)];
}

/** A column value as its mismatch says it: `calls3 7, expected at most 6 (budget_calls)`. */
function columnText(m: ColumnMismatch): string {
  const where = m.cut ? `${m.column}${m.cut.index}` : `${m.column} (worst of the row)`;
  const expected = m.atMost ? `at most ${m.expected}${m.boundMetric ? ` (${m.boundMetric})` : ''}` : String(m.expected);
  return `${where} ${m.measured ?? 'err'}, expected ${expected}`;
}

/** A per-row column that differs (a cap, a count that must stay 0) fails a case of its own: no one cell holds it. */
function rowColumnCases(results: TableResults): JunitCase[] {
  return (results.columnMismatches ?? [])
    .filter((m) => m.cut === undefined)
    .map((m) => ({ suite: `${results.family} ${m.protocol}`, name: `row ${m.column}`, timeMs: 0, passed: false, message: columnText(m) }));
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
    // A per-cut column out of its expectation or bound (the plan's calls over budget) fails its cell as N would.
    const columns = (results.columnMismatches ?? [])
      .filter((m) => m.protocol === cell.protocol && m.cut?.index === cell.cut.index)
      .map(columnText);
    const differs = cell.expected !== null && cell.effects !== cell.expected;
    const expectation = cell.expected === null ? ' (no expectation)' : differs ? `, expected ${cell.expected}` : '';
    const message = [`${measured}${expectation}`, ...columns].join('; ');
    return { ...base, passed: !differs && columns.length === 0, message };
  });
}
