import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkProperty } from '../../entry/index.js';
import type { PropertyResult } from '../check/check-property.js';
import type { CheckResults } from '../results/check-results.js';
import { RARE, writeRareFlaw } from '../testing/rare-flaw.js';
import { reservationRows } from '../testing/read-warehouse.js';
import { runCli } from '../cli/testing/run-cli.js';
import { shellWords } from '../testing/shell-words.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('library-chunks');

/** The CLI's results.json for the same check, read back from its run folder. */
async function cliResults(argv: readonly string[]): Promise<{ code: number; results: CheckResults }> {
  const run = await runCli(['check', ...argv, '--jobs', '1', '--format', 'json', '--out', 'runs'], cwd);
  const folder = (JSON.parse(run.stdout) as { runFolder: string }).runFolder;
  return { code: run.code, results: JSON.parse(readFileSync(join(cwd, folder, 'results.json'), 'utf8')) as CheckResults };
}

/** What decides a verdict, chunk by chunk: no timings. */
function verdict(result: PropertyResult) {
  return {
    outcome: result.outcome,
    runs: result.runs,
    tally: result.tally,
    unfired: result.unfired,
    chunks: result.chunks?.map(({ timeMs: _time, ...chunk }) => chunk),
    counterexample: result.counterexample && { seed: result.counterexample.seed, path: result.counterexample.path },
  };
}

describe("the library's checkProperty cuts its runs into sim check's chunks", { timeout: 240_000 }, () => {
  it('dedup-safety, 250 runs, seed 7: the same three chunks, tallies and verdict as the CLI', async () => {
    const library = await checkProperty({ property: 'dedup-safety', runs: 250, seed: 7, store: 'memory', out: join(cwd, 'runs') });
    const cli = await cliResults(['dedup-safety', '--runs', '250', '--seed', '7', '--store', 'memory']);
    expect(cli.code).toBe(0);
    const [property] = cli.results.properties;
    expect(library.chunks?.map((chunk) => [chunk.index, chunk.seed, chunk.runs])).toEqual(
      property!.chunks!.map((chunk) => [chunk.index, chunk.seed, chunk.runs]),
    );
    expect(library.chunks?.map((chunk) => chunk.runs)).toEqual([100, 100, 50]);
    // The faults really fired in these runs: crashes and lost replies, as the CLI counted them.
    expect(library.tally.crashes).toBeGreaterThan(20);
    expect(library.tally.droppedReplies).toBeGreaterThan(10);
    expect(verdict(library)).toEqual(verdict(property!));
  });

  it('a flaw only the second chunk catches: the library fails where the CLI fails, and its replay line reproduces it with npx sim check', async () => {
    writeRareFlaw(cwd);
    const protocol = join(cwd, RARE);
    const library = await checkProperty({
      property: 'dedup-safety',
      protocol,
      runs: 250,
      seed: 1,
      store: 'memory',
      out: join(cwd, 'runs'),
    });
    const cli = await cliResults(['dedup-safety', '--protocol', RARE, '--runs', '250', '--seed', '1', '--store', 'memory']);
    expect(cli.code).toBe(1);
    expect(library.outcome).toBe('failed');
    expect(library.chunks?.map((chunk) => [chunk.index, chunk.failed])).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(verdict(library)).toEqual(verdict(cli.results.properties[0]!));
    // The counterexample is chunk 1's: its line carries that chunk's seed, not the seed the check was given.
    const replay = library.failure!.replay;
    expect(replay).toContain(`--seed ${library.chunks![1]!.seed} `);
    const [, , ...words] = shellWords(replay);
    const replayed = await runCli([...words, '--format', 'json', '--out', 'runs'], cwd);
    expect(replayed.code).toBe(1);
    const document = JSON.parse(replayed.stdout) as { violation: { kind: string }; kept: string };
    expect(document.violation.kind).toBe('duplicate');
    const rows = reservationRows(join(cwd, document.kept, 'warehouse.db')).filter((row) => row.intention_id === 'tenantB:k3');
    expect(rows).toHaveLength(2);
  });
});
