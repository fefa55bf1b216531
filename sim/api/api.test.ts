import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkProperty, explore, exploreAll, resolveProtocol, runTable } from '../../entry/index.js';
import { expectProtocolHolds, expectTableRow } from '../../entry/vitest.js';
import { spawnSim } from '../testing/spawn-sim.js';
import { shellWords } from '../testing/shell-words.js';

const out = mkdtempSync(join(tmpdir(), 'cutpoint-api-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the public API in-process', () => {
  it('runTable on built-ins: the reference rows match and every cut fired', async () => {
    const results = await runTable({ protocols: ['outbox-dedup', 'mark-first'], out });
    expect(results.verdict).toBe('pass');
    expect(results.cells.filter((c) => c.protocol === 'mark-first').map((c) => c.effects)).toEqual([1, 0, 1, 1, 1]);
    expect(results.cells.every((c) => c.case.cutFired)).toBe(true);
  });

  it("runTable compares a family's other columns: the built-in ones by default, a changed one is a mismatch at its cell", async () => {
    const builtIn = await runTable({ protocols: ['reference-harness'], family: 'handover', out });
    expect(builtIn.verdict).toBe('pass');
    // Five notices (one per cut) and four invariants (the worst of the row) were compared, none differing.
    expect(builtIn.columnsCompared).toBe(5 + 4);
    expect(builtIn.columnMismatches).toEqual([]);
    const changed = await runTable({
      protocols: ['reference-harness'],
      family: 'handover',
      out,
      expectedColumns: { 'reference-harness': { replies: 1 } },
    });
    expect(changed.verdict).toBe('fail');
    expect(changed.columnMismatches).toEqual([{ protocol: 'reference-harness', column: 'replies', expected: 1, measured: 0 }]);
  });

  it('expectTableRow: outbox-no-dedup is not [1,1,1,1,1] and the message gives the measured row', async () => {
    await expect(expectTableRow('outbox-no-dedup', [1, 1, 1, 1, 1], { out })).rejects.toThrow(
      /expected \[1, 1, 1, 1, 1\], measured \[1, 1, 2, 2, 1\]/,
    );
  });

  it("expectTableRow keeps the run folder of a failing row only: a passing one leaves nothing in the user's project", async () => {
    const passing = join(out, 'passing');
    await expectTableRow('outbox-dedup', [1, 1, 1, 1, 1], { out: passing });
    expect(existsSync(passing)).toBe(false);
    const failing = join(out, 'failing');
    await expect(expectTableRow('outbox-no-dedup', [1, 1, 1, 1, 1], { out: failing })).rejects.toThrow(/run folder: /);
    const [kept] = readdirSync(failing);
    expect(existsSync(join(failing, kept!, 'results.json'))).toBe(true);
  });

  it('expectTableRow: a row of the wrong length is refused before the table runs, nothing written', async () => {
    const unused = join(out, 'unused');
    await expect(expectTableRow('outbox-dedup', [1, 1, 1], { out: unused })).rejects.toThrow(
      new TypeError('expectTableRow: row has 3 numbers; the reservation family has 5 classic cuts'),
    );
    expect(existsSync(unused)).toBe(false);
  });

  it('checkProperty: a negative control finds its bug, with a replay line of the CLI', async () => {
    const result = await checkProperty({ property: 'control-no-dedup', runs: 50, seed: 3, out });
    expect(result.outcome).toBe('found');
    expect(result.failure?.replay).toMatch(/^npx sim check control-no-dedup --seed 3 --path [\d:]+$/);
    expect(result.failure?.timeline).toMatch(/cut effect-applied/);
  });

  it('expectProtocolHolds: a fault that never fired says after how many runs and with which seed, to raise the runs of', async () => {
    await expect(expectProtocolHolds('outbox-dedup', { property: 'dedup-safety', runs: 1, seed: 5 })).rejects.toThrow(
      /dedup-safety on outbox-dedup: unexercised after 1 runs \(seed 5\); faults that never fired: .+ \(raise runs\)/,
    );
  });

  it('runTable on a protocol of yours with no expected row expects N=1: fail with N=0 in a cell, pass once its row is given', async () => {
    const file = resolve('sim/testing/fixtures/plain-js-protocol.mjs');
    const judged = await runTable({ protocols: [file], out });
    expect(judged.cells.map((cell) => cell.effects)).toEqual([1, 0, 1, 1, 1]);
    expect(judged.cells.every((cell) => cell.expected === 1)).toBe(true);
    expect(judged.verdict).toBe('fail');
    expect(judged.mismatches).toMatchObject([{ protocol: 'plain-js-mark-first', expected: 1, measured: 0 }]);
    const stated = await runTable({ protocols: [file], out, expected: { 'plain-js-mark-first': [1, 0, 1, 1, 1] } });
    expect(stated.verdict).toBe('pass');
  });

  it("a file URL given as a string (import.meta.resolve's) is the file, not a relative path named file:/…", async () => {
    const file = resolve('sim/testing/fixtures/plain-js-protocol.mjs');
    const resolved = await resolveProtocol(pathToFileURL(file).href);
    expect(resolved.file).toBe(file);
    expect(resolved.shownAs).toBe(file);
  });

  it('an unknown family names the valid ones', async () => {
    await expect(runTable({ protocols: ['outbox-dedup'], family: 'nope' })).rejects.toThrow(
      "unknown family 'nope'; valid: reservation, plan, handover",
    );
  });

  it('checkProperty: unknown properties and a control on another protocol are refused', async () => {
    await expect(checkProperty({ property: 'no-such' })).rejects.toThrow(/unknown property 'no-such'/);
    await expect(checkProperty({ property: 'control-no-dedup', protocol: 'outbox-dedup' })).rejects.toThrow(/negative control/);
  });

  it('explore: outbox-no-dedup has a duplicate within one crash; outbox-dedup none, exhaustively', async () => {
    const flawed = await explore({ protocol: 'outbox-no-dedup' });
    expect(flawed.violations.map((v) => v.kind)).toContain('duplicate');
    // Each group carries the line `sim explore` prints for it, and that line replays the violation.
    const duplicate = flawed.violations.find((v) => v.kind === 'duplicate')!;
    expect(duplicate.replay).toBe(
      `npx sim explore --protocol outbox-no-dedup --workers 1 --intentions 1 --crash-depth 1 --schedule ${duplicate.shortest.schedule}`,
    );
    const [, , ...replay] = shellWords(duplicate.replay!);
    const replayed = spawnSim([...replay, '--out', out], out);
    expect(replayed.code, replayed.stderr).toBe(1);
    expect(replayed.stdout).toContain('violation: duplicate');
    const correct = await explore({ protocol: 'outbox-dedup' });
    expect(correct.exhaustive).toBe(true);
    expect(correct.violations).toEqual([]);
    expect(correct.complete).toBeGreaterThan(1);
  });

  it('exploreAll: several protocols on one pool of two jobs, each result what explore gives it alone', async () => {
    // Two intentions: at one, this process can explore everything before the worker has loaded on a busy machine.
    const bounds = { workers: 2, intentions: 2, crashDepth: 1 };
    const both = await exploreAll({ protocols: ['outbox-no-dedup', 'outbox-dedup'], ...bounds, jobs: 2 });
    expect(both.map((result) => result.protocol)).toEqual(['outbox-no-dedup', 'outbox-dedup']);
    // A worker process took subtrees: the pool really ran.
    expect(both.reduce((sum, result) => sum + result.subtrees.inWorkers, 0)).toBeGreaterThan(0);
    for (const result of both) {
      const { timeMs: _time, subtrees, ...decided } = await explore({ protocol: result.protocol, ...bounds });
      const { timeMs: _also, subtrees: pooled, ...found } = result;
      expect(found).toEqual(decided);
      expect(pooled.total).toBe(subtrees.total);
    }
  }, 300_000);
});
