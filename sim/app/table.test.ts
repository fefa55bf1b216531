import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../engine/input-error.js';
import type { AnyFamily } from '../engine/run-case.js';
import { inputKey, loadFamily } from '../families/index.js';
import { referenceEffectsOnDisk } from '../testing/read-warehouse.js';
import { tempFolder } from '../testing/temp-folder.js';
import { readExpectations } from './expectations.js';
import { tableProtocols, tableReference, tableWorkload, type TableWords } from './table.js';
import { executeTableRun } from './table-run.js';
import { andList } from '../engine/words.js';

const cwd = tempFolder('app-table');
const outbox = join(import.meta.dirname, '../testing/fixtures/outbox-without-receipt.mts');
const WORDS: TableWords = (refusal, family) =>
  refusal.kind === 'requires'
    ? `${refusal.flag} is needed: ${refusal.why}`
    : `${andList(refusal.inputs.map(inputKey))} are the ${refusal.owner} family's, not the ${family} family's`;

/** The table of the user's outbox (no receipt at the warehouse) through the app, as both faces run it. */
async function outboxTable(out: string, options: { measureOnly?: boolean; expectFile?: string } = {}) {
  const family = (await loadFamily('reservation')) as AnyFamily;
  const own = await tableWorkload(family, {}, cwd, WORDS);
  const { protocols, files } = await tableProtocols(family, own, [outbox], cwd);
  const reference = tableReference(family, own, protocols, options.measureOnly);
  const expected = options.expectFile ? readExpectations(options.expectFile, reference, family, protocols, cwd) : reference;
  const { results, runFolder } = await executeTableRun({
    family,
    protocols,
    protocolFiles: files,
    cutIndexes: family.cuts.map((_, index) => index),
    outDir: out,
    cwd,
    expected: expected.effects,
    expectedColumns: expected.columns,
    defaultRows: expected.defaultRows,
    expectFile: options.expectFile,
  });
  /** The warehouse file of the case at a cut, read with the test's own connection. */
  const warehouseAt = (cut: number) => {
    const cell = results.cells.find((candidate) => candidate.cut.index === cut);
    return referenceEffectsOnDisk(join(runFolder, cell!.case.files.stores['warehouse']!));
  };
  return { results, warehouseAt };
}

describe('the table use case: a protocol of yours is expected right, judged in process', () => {
  it('an outbox against a warehouse without receipts fails at the two duplicates the warehouse file holds', async () => {
    const { results, warehouseAt } = await outboxTable(join(cwd, 'judged'));
    expect(results.cells.map((cell) => cell.effects)).toEqual([1, 1, 2, 2, 1]);
    expect([0, 1, 2, 3, 4].map(warehouseAt)).toEqual([1, 1, 2, 2, 1]);
    expect(results.verdict).toBe('fail');
    expect(results.mismatches.map((mismatch) => [mismatch.cut.index, mismatch.expected, mismatch.measured])).toEqual([
      [2, 1, 2],
      [3, 1, 2],
    ]);
    expect(results.defaultRows).toEqual(['my-outbox-without-receipt']);
  }, 120_000);

  it('measure-only judges nothing: the same duplicates on disk, verdict pass', async () => {
    const { results, warehouseAt } = await outboxTable(join(cwd, 'measured'), { measureOnly: true });
    expect(warehouseAt(2)).toBe(2);
    expect(results.mismatches).toEqual([]);
    expect(results.verdict).toBe('pass');
  }, 120_000);

  it("an expect file's row replaces the default one: the duplicates it states pass, a wrong one fails", async () => {
    writeFileSync(join(cwd, 'stated.json'), JSON.stringify({ 'my-outbox-without-receipt': [1, 1, 2, 2, 1] }));
    const stated = await outboxTable(join(cwd, 'stated'), { expectFile: 'stated.json' });
    expect(stated.warehouseAt(3)).toBe(2);
    expect(stated.results.verdict).toBe('pass');
    writeFileSync(join(cwd, 'wrong.json'), JSON.stringify({ 'my-outbox-without-receipt': [1, 1, 2, 1, 1] }));
    const wrong = await outboxTable(join(cwd, 'wrong'), { expectFile: 'wrong.json' });
    expect(wrong.results.mismatches.map((mismatch) => mismatch.cut.index)).toEqual([3]);
    expect(wrong.results.verdict).toBe('fail');
  }, 120_000);

  it("another family's inputs are refused in the face's words before any run folder exists", async () => {
    const family = (await loadFamily('reservation')) as AnyFamily;
    const refusal = (inputs: Parameters<typeof tableWorkload>[1]) => tableWorkload(family, inputs, cwd, WORDS);
    await expect(refusal({ plan: 'my-plan.json' })).rejects.toThrow(new InputError("plan are the plan family's, not the reservation family's"));
    await expect(refusal({ graph: 'g.json' })).rejects.toThrow(
      new InputError("policy, graph and rules are the handover family's, not the reservation family's"),
    );
    const handover = (await loadFamily('handover')) as AnyFamily;
    await expect(tableWorkload(handover, { modelTimeoutMs: 10 }, cwd, WORDS)).rejects.toThrow(new InputError('--policy is needed: --model-timeout-ms times the calls of your own model'));
    expect(existsSync(join(cwd, 'runs'))).toBe(false);
  });
});
