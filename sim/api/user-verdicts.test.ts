import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTable, type TableResults } from '../../entry/index.js';
import { columnValues, verdictLines } from '../../reports/text-table.js';
import { tableJunitCases } from '../results/table-junit.js';
import { referenceEffectsOnDisk } from '../testing/read-warehouse.js';
import { tempFolder } from '../testing/temp-folder.js';
import { writeTightPlan } from '../testing/tight-plan.js';

const out = tempFolder('user-verdicts');
const fixture = (name: string) => join(import.meta.dirname, '../testing/fixtures', name);

/** A store file of a cell, as results.json names it (relative to the run folder). */
function store(results: TableResults & { runFolder: string }, protocol: string, cut: number, name: string): string {
  const cell = results.cells.find((candidate) => candidate.protocol === protocol && candidate.cut.index === cut);
  return join(results.runFolder, cell!.case.files.stores[name]!);
}

/** One count read from a store with a connection of the test's own. */
function count(file: string, sql: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('runTable: a protocol of yours with no expected row is expected right, in every family', () => {
  it('reservation: an outbox against a warehouse with no receipt (1 1 2 2 1) fails at the two duplicates', async () => {
    const results = await runTable({ protocols: [fixture('outbox-without-receipt.mts')], out });
    expect(results.cells.map((cell) => cell.effects)).toEqual([1, 1, 2, 2, 1]);
    // The duplicates are in the warehouse file, not only in the harness's count.
    expect(referenceEffectsOnDisk(store(results, 'my-outbox-without-receipt', 2, 'warehouse'))).toBe(2);
    expect(results.verdict).toBe('fail');
    expect(results.mismatches).toEqual([
      { protocol: 'my-outbox-without-receipt', cut: { index: 2, name: 'effect-applied' }, expected: 1, measured: 2 },
      { protocol: 'my-outbox-without-receipt', cut: { index: 3, name: 'response-observed' }, expected: 1, measured: 2 },
    ]);
    expect(results.defaultRows).toEqual(['my-outbox-without-receipt']);
    // The lines `sim table` prints under the table, drawn from these results: each duplicate, and why N=1 was expected.
    const lines = verdictLines(results);
    expect(lines).toContain('  my-outbox-without-receipt cut 2 (effect-applied): expected 1, measured 2 (duplicate)');
    expect(lines).toContain('  my-outbox-without-receipt cut 3 (response-observed): expected 1, measured 2 (duplicate)');
    expect(lines.join('\n')).toContain('my-outbox-without-receipt: no expected row, so expected right');
  }, 120_000);

  it('reservation: measureOnly judges nothing, and a row of its own is what it is held to', async () => {
    const measured = await runTable({ protocols: [fixture('outbox-without-receipt.mts')], out, measureOnly: true });
    expect(measured.cells.map((cell) => [cell.effects, cell.expected])).toEqual([
      [1, null],
      [1, null],
      [2, null],
      [2, null],
      [1, null],
    ]);
    expect(measured.verdict).toBe('pass');
    expect(verdictLines(measured)).toContain('no expected rows for these protocols: the table is measured only.');
    const stated = await runTable({
      protocols: [fixture('outbox-without-receipt.mts')],
      out,
      expected: { 'my-outbox-without-receipt': [1, 1, 2, 2, 1] },
    });
    expect(stated.verdict).toBe('pass');
    expect(stated.defaultRows).toBeUndefined();
    await expect(
      runTable({ protocols: ['outbox-dedup'], out, measureOnly: true, expected: { 'outbox-dedup': [1, 1, 1, 1, 1] } }),
    ).rejects.toThrow('runTable: measureOnly judges nothing: give it without expected or expectedColumns');
  }, 120_000);

  it('handover: a harness whose ticket queue keeps no receipt fails at the duplicated ticket', async () => {
    const results = await runTable({ family: 'handover', protocols: [fixture('handover-named-contract.mts')], out });
    expect(results.cells.map((cell) => cell.effects)).toEqual([1, 1, 2, 1, 1]);
    expect(count(store(results, 'named-no-receipt', 2, 'human-queue'), 'SELECT count(*) AS n FROM tickets')).toBe(2);
    expect(results.verdict).toBe('fail');
    expect(results.mismatches).toEqual([
      { protocol: 'named-no-receipt', cut: { index: 2, name: 'ticket-enqueued' }, expected: 1, measured: 2 },
    ]);
    // Its other columns are held to their bounds: one notice per cut, the cap, and no early notice, reply or silence.
    expect(results.columnsCompared).toBe(5 + 4);
    expect(results.columnMismatches).toEqual([]);
    expect(verdictLines(results)).toContain('  named-no-receipt cut 2 (ticket-enqueued): expected 1, measured 2 (duplicate)');
  }, 120_000);

  it('plan: a loop that forgets its calls spends 7 against a budget of 6 and fails there; the correct loop stops at 6', async () => {
    const plan = writeTightPlan(out);
    const results = await runTable({
      family: 'plan',
      protocols: [fixture('plan/forgets-its-calls.ts'), 'checkpoint-after-step'],
      plan,
      out,
    });
    // Every write is still done once: N alone would pass this protocol.
    expect(results.mismatches).toEqual([]);
    expect(count(store(results, 'forgets-its-calls', 3, 'tool-server'), 'SELECT count(*) AS n FROM calls')).toBe(7);
    expect(count(store(results, 'checkpoint-after-step', 3, 'tool-server'), 'SELECT count(*) AS n FROM calls')).toBe(6);
    expect(results.verdict).toBe('fail');
    expect(results.columnMismatches).toEqual([
      {
        protocol: 'forgets-its-calls',
        column: 'calls',
        cut: { index: 3, name: 'gate-checked' },
        expected: 6,
        measured: 7,
        atMost: true,
        boundMetric: 'budget_calls',
      },
      {
        protocol: 'forgets-its-calls',
        column: 'calls',
        cut: { index: 4, name: 'checkpoint-written' },
        expected: 6,
        measured: 7,
        atMost: true,
        boundMetric: 'budget_calls',
      },
    ]);
    // The table's calls columns and the line under it, as `sim table` prints them from these results.
    expect(columnValues(results, 'forgets-its-calls').slice(0, 4)).toEqual(['5', '6', '6', '7']);
    expect(verdictLines(results)).toContain('  forgets-its-calls calls3 (gate-checked): expected at most 6 (budget_calls), measured 7');
    // A CI reading JUnit sees the same two cells fail, with the budget in the message.
    const failing = tableJunitCases(results).filter((junit) => !junit.passed);
    expect(failing.map((junit) => [junit.suite, junit.name, junit.message])).toEqual([
      [
        'plan forgets-its-calls',
        'cut 3 gate-checked',
        'N=1 for edit:client/src/catalog/Filters.tsx; calls3 7, expected at most 6 (budget_calls)',
      ],
      [
        'plan forgets-its-calls',
        'cut 4 checkpoint-written',
        'N=1 for edit:client/src/catalog/Filters.tsx; calls4 7, expected at most 6 (budget_calls)',
      ],
    ]);
  }, 120_000);

  it('plan: on the seed plan every built-in row, flawed ones included, is held to the budget and keeps it', async () => {
    const results = await runTable({ family: 'plan', protocols: ['budget-in-memory', 'checkpoint-after-step'], out });
    expect(results.verdict).toBe('pass');
    expect(results.columnsCompared).toBe(2 * 6);
    expect(results.defaultRows).toBeUndefined();
  }, 120_000);
});
