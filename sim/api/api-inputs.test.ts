import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkProperty, runTable, type TableResults } from '../../entry/index.js';
import { expectTableRow } from '../../entry/vitest.js';
import { spawnSimAsync } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';
import { MY_PLAN } from '../testing/user-plan.js';

const folder = tempFolder('api-inputs');
const fixture = (name: string) => join(import.meta.dirname, '../testing/fixtures', name);
const THROWS = fixture('policy-always-throws.mjs');
const MY_PLAN_WRITES = 'change:src/Table.tsx + change:src/columns.ts (the worst N of 2 planned writes)';

/** The only run folder's results.json under `out`. */
function onlyResults(out: string): TableResults {
  const [runId] = readdirSync(out);
  return JSON.parse(readFileSync(join(out, runId!, 'results.json'), 'utf8')) as TableResults;
}

/** What the CLI and the library must agree on: each cell's N, expectation, fired cut and metrics, and the verdict. */
function cellsOf(results: TableResults) {
  return {
    verdict: results.verdict,
    family: results.family,
    intention: results.intention,
    mismatches: results.mismatches,
    policy: results.policy,
    cells: results.cells.map((cell) => ({
      protocol: cell.protocol,
      cut: cell.cut.name,
      effects: cell.effects,
      expected: cell.expected,
      cutFired: cell.case.cutFired,
      error: cell.case.error,
      metrics: cell.case.metrics,
    })),
  };
}

describe("the library on a user's own plan file, policy and graph", () => {
  it("runTable({ plan }) gives the cells `sim table --plan` gives, read back from both results.json, and judges the user's plan", async () => {
    const plan = join(folder, 'my-plan.json');
    writeFileSync(plan, JSON.stringify(MY_PLAN));
    const protocols = ['checkpoint-after-step', 'tool-without-key'];
    const cliOut = join(folder, 'plan-cli');
    const cli = await spawnSimAsync(['table', '--family', 'plan', '--plan', plan, '-p', ...protocols, '--out', cliOut], folder, 120_000);
    expect(cli.code, cli.stderr).toBe(0);
    const libraryOut = join(folder, 'plan-library');
    const returned = await runTable({ protocols, family: 'plan', plan: pathToFileURL(plan), out: libraryOut });
    const library = onlyResults(libraryOut);
    expect(cellsOf(library)).toEqual(cellsOf(onlyResults(cliOut)));
    expect(cellsOf(returned)).toEqual(cellsOf(library));
    // On the user's plan the correct loop is judged at N=1 everywhere (the seed's rows do not apply), the flawed one measured only.
    expect(library.cells.filter((cell) => cell.protocol === 'checkpoint-after-step').map((cell) => cell.expected)).toEqual([
      1, 1, 1, 1, 1, 1,
    ]);
    expect(library.cells.filter((cell) => cell.protocol === 'tool-without-key').every((cell) => cell.expected === null)).toBe(true);
    expect(library.verdict).toBe('pass');
    // The table ran on the user's plan: every file its edit step writes is counted, its budget is the column's.
    expect(library.intention).toBe(MY_PLAN_WRITES);
    expect(library.cells.every((cell) => cell.case.metrics['budget_calls'] === 25)).toBe(true);
  }, 240_000);

  it("expectTableRow takes the plan too: a failing row's kept run folder is a table of the user's plan", async () => {
    const plan = join(folder, 'row-plan.json');
    writeFileSync(plan, JSON.stringify(MY_PLAN));
    const out = join(folder, 'row');
    await expect(expectTableRow('tool-without-key', [1, 1, 1, 1, 1, 1], { family: 'plan', plan, out })).rejects.toThrow(
      /expected \[1, 1, 1, 1, 1, 1\], measured \[1, 2, 2, 2, 2, 1\]/,
    );
    expect(onlyResults(out).intention).toBe(MY_PLAN_WRITES);
  }, 120_000);

  it('runTable({ policy }) with a policy that never answers: verdict unknown and the policy field, as `sim table --policy` writes them', async () => {
    const cliOut = join(folder, 'policy-cli');
    const cli = await spawnSimAsync(
      ['table', '--family', 'handover', '--policy', THROWS, '-p', 'reference-harness', '--out', cliOut],
      folder,
      120_000,
    );
    expect(cli.code).toBe(1);
    const libraryOut = join(folder, 'policy-library');
    const returned = await runTable({ protocols: ['reference-harness'], family: 'handover', policy: THROWS, out: libraryOut });
    const library = onlyResults(libraryOut);
    expect(cellsOf(library)).toEqual(cellsOf(onlyResults(cliOut)));
    expect(returned.verdict).toBe('unknown');
    expect(library.policy).toMatchObject({
      name: 'always-throws',
      file: THROWS,
      answered: 0,
      exercised: false,
      firstError: 'the model is down: model exploded',
    });
    expect(library.policy!.modelCalls).toBeGreaterThan(0);
  }, 240_000);

  it("runTable({ graph }) gives the cells `sim table --graph` gives: measured only, on the user's graph", async () => {
    const graph = join(import.meta.dirname, '../../protocols/handover/examples/my-graph.json');
    const cliOut = join(folder, 'graph-cli');
    const cli = await spawnSimAsync(
      ['table', '--family', 'handover', '--graph', graph, '-p', 'reference-harness', '--out', cliOut],
      folder,
    );
    expect(cli.code, cli.stderr).toBe(0);
    const libraryOut = join(folder, 'graph-library');
    await runTable({ protocols: ['reference-harness'], family: 'handover', graph, out: libraryOut });
    const library = onlyResults(libraryOut);
    expect(cellsOf(library)).toEqual(cellsOf(onlyResults(cliOut)));
    expect(library.cells.every((cell) => cell.expected === null && cell.case.cutFired)).toBe(true);
  }, 240_000);

  it("checkProperty({ policy }): a property that held only on the harness's fallback is unexercised, as `sim check --policy` says", async () => {
    const argv = ['check', '--family', 'handover', 'handover-once', '--runs', '40', '--seed', '1', '--policy', THROWS];
    const cli = await spawnSimAsync([...argv, '--out', join(folder, 'check-cli'), '--format', 'json'], folder, 120_000);
    expect(cli.code).toBe(1);
    const [cliProperty] = (JSON.parse(cli.stdout) as { properties: { outcome: string; unfired: string[]; tally: unknown }[] }).properties;
    const library = await checkProperty({
      property: 'handover-once',
      family: 'handover',
      runs: 40,
      seed: 1,
      policy: pathToFileURL(THROWS),
      out: join(folder, 'check-library'),
    });
    expect(library.outcome).toBe('unexercised');
    expect(library.unfired).toEqual(['modelAnswers']);
    expect({ outcome: library.outcome, unfired: library.unfired, tally: library.tally }).toEqual({
      outcome: cliProperty!.outcome,
      unfired: cliProperty!.unfired,
      tally: cliProperty!.tally,
    });
  }, 240_000);

  it('a plan off the plan family, or a policy or graph off the handover family, is a TypeError of one sentence before anything runs', async () => {
    const out = join(folder, 'refused');
    await expect(runTable({ protocols: ['outbox-dedup'], plan: 'my-plan.json', out })).rejects.toThrow(
      new TypeError("runTable: plan belongs to the plan family: give family 'plan', not 'reservation'"),
    );
    await expect(runTable({ protocols: ['checkpoint-after-step'], policy: THROWS, out })).rejects.toThrow(
      new TypeError("runTable: policy, graph and rules belong to the handover family: give family 'handover', not 'plan'"),
    );
    await expect(runTable({ protocols: ['outbox-dedup'], graph: 'g.json', out })).rejects.toThrow(
      new TypeError("runTable: policy, graph and rules belong to the handover family: give family 'handover', not 'reservation'"),
    );
    await expect(checkProperty({ property: 'dedup-safety', policy: THROWS, out })).rejects.toThrow(
      new TypeError("checkProperty: policy belongs to the handover family, not reservation: give family 'handover'"),
    );
    await expect(expectTableRow('outbox-dedup', [1, 1, 1, 1, 1], { policy: THROWS, out })).rejects.toThrow(TypeError);
    expect(existsSync(out)).toBe(false);
  });
});
