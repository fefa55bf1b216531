import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TableResults } from '../results/table-results.js';
import { spawnSim } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('foreign-output');
const chatty = join(process.cwd(), 'sim', 'testing', 'fixtures', 'prints-everywhere.mjs');
const PRINTS = ['console.log', 'console.info', 'console.debug', 'console.warn', 'process.stdout.write'];

describe("a protocol's prints go to stderr, never into stdout", () => {
  it('sim table --format json: stdout is the JSON alone, every print is on stderr, and the protocol really ran', () => {
    const { code, stdout, stderr } = spawnSim(['table', '--protocol', chatty, '--format', 'json', '--out', 'runs'], cwd);
    expect(code).toBe(0);
    const summary = JSON.parse(stdout) as { effects: Record<string, number[]>; resultsFile: string };
    expect(stdout).not.toMatch(/protocol says/);
    for (const print of PRINTS) expect(stderr).toContain(`protocol says: ${print}\n`);
    // mark-first's row, measured: the prints came from lives that reached their cuts and crashed there.
    expect(summary.effects['prints-everywhere']).toEqual([1, 0, 1, 1, 1]);
    const results = JSON.parse(readFileSync(resolve(cwd, summary.resultsFile), 'utf8')) as TableResults;
    expect(results.cells.every((cell) => cell.case.cutHits[cell.cut.name]! > 0)).toBe(true);
    // Each of the five cases printed at least once per life that began a submit.
    expect(stderr.split('protocol says: console.log\n').length - 1).toBeGreaterThanOrEqual(5);
  });
});
