import { describe, expect, it } from 'vitest';
import type { TableResults } from '../results/table-results.js';
import { compareModes, comparisonLines } from './compare-modes.js';

/** Two modes' results of one protocol at two cuts: N and one other column per cell, as results.json holds them. */
function results(cells: { effects: number | null; calls: number }[]): TableResults {
  return {
    columns: [{ header: 'calls', metric: 'calls', per: 'cut', legend: 'tool calls' }],
    cells: cells.map((cell, index) => ({
      protocol: 'p',
      cut: { index, name: `cut-${index}` },
      effects: cell.effects,
      case: { metrics: { calls: cell.calls } },
    })),
  } as unknown as TableResults;
}

describe('compareModes', () => {
  it('agrees only when N and every other column agree, and says which columns it compared', () => {
    const same = compareModes(
      results([
        { effects: 1, calls: 4 },
        { effects: 1, calls: 5 },
      ]),
      results([
        { effects: 1, calls: 4 },
        { effects: 1, calls: 5 },
      ]),
    );
    expect(same).toEqual({ compared: 2, columns: ['calls'], differences: [] });
    expect(comparisonLines(same)).toEqual([
      'crash modes agree: 2/2 cells have the same N and the same calls in-process and under SIGKILL.',
    ]);
  });

  it('finds a column that differs under the same N, and an N that differs or could not be judged', () => {
    const inProcess = results([
      { effects: 1, calls: 4 },
      { effects: 1, calls: 5 },
    ]);
    const columnOnly = compareModes(
      inProcess,
      results([
        { effects: 1, calls: 4 },
        { effects: 1, calls: 7 },
      ]),
    );
    expect(columnOnly.differences).toEqual([{ protocol: 'p', cut: { index: 1, name: 'cut-1' }, column: 'calls', inProcess: 5, kill: 7 }]);
    expect(comparisonLines(columnOnly)).toEqual(['crash modes differ on 1 of 2 cells:', '  p cut 1 (cut-1) calls: in-process 5, kill 7']);
    const effects = compareModes(
      inProcess,
      results([
        { effects: 2, calls: 4 },
        { effects: null, calls: 5 },
      ]),
    );
    expect(effects.differences.map((d) => [d.cut.index, d.column, d.inProcess, d.kill])).toEqual([
      [0, undefined, 1, 2],
      [1, undefined, 1, null],
    ]);
    expect(comparisonLines(effects)[2]).toBe('  p cut 1 (cut-1): in-process 1, kill err');
  });
});
