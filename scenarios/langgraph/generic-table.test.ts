import { describe, expect, it } from 'vitest';
import { toolNodeWithoutKey } from '../../protocols/langgraph/tool-node-without-key.js';
import type { AnyFamily } from '../../sim/engine/run-case.js';
import { langgraphFamily } from '../../sim/families/langgraph/family.js';
import { runBoundaryRow } from '../../sim/table/cut-discovery.js';
import { runTable } from '../../sim/table/run-table.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { EXPECTED_EMAILS } from './expected-table.js';

const folder = tempFolder('langgraph-generic');
const family = langgraphFamily as unknown as AnyFamily;

describe('the langgraph family as a Family value, through the generic table', () => {
  it('runTable measures the expected emails of every example at every classic cut, each cut fired', async () => {
    const run = await runTable({
      family,
      protocols: langgraphFamily.protocols.map((entry) => entry.protocol),
      cutIndexes: langgraphFamily.cuts.map((_, index) => index),
      runFolder: `${folder}/table`,
      expected: EXPECTED_EMAILS,
    });
    expect(run.cells.map((cell) => cell.case.error).filter(Boolean)).toEqual([]);
    expect(run.cells.every((cell) => cell.case.cutFired)).toBe(true);
    expect(run.mismatches).toEqual([]);
    expect(run.cells).toHaveLength(langgraphFamily.protocols.length * langgraphFamily.cuts.length);
  }, 120_000);

  it('--cuts all finds the seams of every checkpointer write and the effect, and crashes after each: tool-node-without-key repeats only before its writes are saved', async () => {
    const row = await runBoundaryRow(family, toolNodeWithoutKey, `${folder}/all`);
    expect(row.error).toBeUndefined();
    expect(new Set(row.boundaries.map((boundary) => boundary.kind))).toEqual(
      new Set(['checkpoint-put', 'checkpoint-saved', 'writes-put', 'writes-saved', 'effects-commit', 'effect-applied']),
    );
    expect(row.cells.map((cell) => cell.case.error).filter(Boolean)).toEqual([]);
    // Two emails from the receiver's commit until the tools node's writes commit; one everywhere else.
    const twice = row.cells.filter((cell) => cell.effects === 2).map((cell) => cell.boundary.kind);
    expect(twice).toEqual(['effects-commit', 'effect-applied', 'writes-put']);
    expect(row.cells.filter((cell) => cell.effects !== 2).every((cell) => cell.effects === 1)).toBe(true);
  }, 120_000);
});
