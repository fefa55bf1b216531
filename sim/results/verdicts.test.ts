import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../engine/run-case.js';
import { judgeBoundaryRows } from '../table/boundary-verdict.js';
import type { BoundaryRow } from './boundary-rows.js';
import { propertyVerdict, type PropertyOutcome } from './property-result.js';
import { exploreVerdict, type ViolationGroup } from './explore-result.js';
import { probeVerdict } from './probe-results.js';
import { readTableResults } from './read-results.js';
import { tableVerdict } from './table-results.js';
import type { TableRun } from './table-run.js';

/** A run folder of `sim table` written when a case that could not be judged made the verdict `error`. */
const OLDER_RUN = join(import.meta.dirname, '../testing/fixtures/older-results/20261203-210033-a46ae4');

const judged = { error: undefined } as unknown as CaseResult;
const failed = { error: 'protocol failed: the relay lost its temper' } as unknown as CaseResult;
const cut = { index: 1, name: 'intent-recorded' };
const noColumns: TableRun['columns'] = { compared: 0, mismatches: [], skippedRowColumns: [] };

describe("each command's outcome words as one Verdict", () => {
  it('a property: held and found pass, failed and missed fail, unexercised is unknown', () => {
    const outcomes: PropertyOutcome[] = ['held', 'found', 'failed', 'missed', 'unexercised'];
    expect(outcomes.map(propertyVerdict)).toEqual(['pass', 'pass', 'fail', 'fail', 'unknown']);
  });

  it('a probe: the clauses that ran, combined; a clause not run counts for nothing', () => {
    expect(probeVerdict([{ verdict: 'pass' }, { verdict: 'not-run' }])).toBe('pass');
    expect(probeVerdict([{ verdict: 'not-run' }, { verdict: 'fail' }])).toBe('fail');
  });

  it('a table: a case not judged is unknown, even where an expectation names it; a value measured otherwise fails', () => {
    const cell = (c: CaseResult, effects: number | null) => ({ protocol: 'p', cut, effects, expected: 1, case: c });
    expect(tableVerdict({ cells: [cell(judged, 1)], mismatches: [], columns: noColumns })).toBe('pass');
    const notJudged = {
      cells: [cell(failed, null)],
      mismatches: [{ protocol: 'p', cut, expected: 1, measured: null }],
      columns: noColumns,
    };
    expect(tableVerdict(notJudged)).toBe('unknown');
    const duplicate = { protocol: 'q', cut, expected: 1, measured: 2 };
    expect(tableVerdict({ ...notJudged, mismatches: [...notJudged.mismatches, duplicate] })).toBe('fail');
    const overBudget = { protocol: 'p', column: 'calls', expected: 6, measured: 7, atMost: true as const };
    expect(tableVerdict({ cells: [cell(judged, 1)], mismatches: [], columns: { ...noColumns, mismatches: [overBudget] } })).toBe('fail');
  });

  it('--cuts all: a row whose fault-free run failed is unknown; a measured N that differs elsewhere fails the run', () => {
    const boundary = { number: 1, name: 'intent-recorded@outbox.ts:1', kind: 'intent-recorded', site: 'outbox.ts:1', classic: 1 };
    const thrown: BoundaryRow = { protocol: 'throws', boundaries: [], cells: [], error: 'the relay lost its temper' };
    const twice: BoundaryRow = { protocol: 'twice', boundaries: [boundary], cells: [{ boundary, effects: 2, case: judged }] };
    expect(judgeBoundaryRows([thrown], { throws: 1 }).verdict).toBe('unknown');
    expect(judgeBoundaryRows([thrown, twice], { throws: 1, twice: 1 }).verdict).toBe('fail');
    expect(judgeBoundaryRows([thrown, twice], { throws: 1, twice: 2 }).verdict).toBe('unknown');
  });

  it('an exploration: a violation fails it, a bound that stopped it short leaves it unknown, every schedule clean passes', () => {
    const group = { kind: 'duplicate' } as ViolationGroup;
    expect(exploreVerdict([{ violations: [], exhaustive: true }])).toBe('pass');
    expect(exploreVerdict([{ violations: [], exhaustive: false }])).toBe('unknown');
    expect(
      exploreVerdict([
        { violations: [], exhaustive: false },
        { violations: [group], exhaustive: true },
      ]),
    ).toBe('fail');
  });
});

describe('a results.json written with the older word error', () => {
  it('reads as unknown', () => {
    expect(readTableResults(OLDER_RUN).verdict).toBe('unknown');
  });
});
