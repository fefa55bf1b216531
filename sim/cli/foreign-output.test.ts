import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { spawnSim } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const cwd = tempFolder('foreign-output');
const chatty = join(process.cwd(), 'sim', 'testing', 'fixtures', 'prints-everywhere.mjs');
const PRINTS = ['console.log', 'console.info', 'console.debug', 'console.warn', 'process.stdout.write'];

describe("a protocol's prints never land in stdout", () => {
  it("sim explore runs the protocol in sim's own process: every print goes to stderr, stdout is the report alone", () => {
    const { code, stdout, stderr } = spawnSim(['explore', '--protocol', chatty, '--out', 'runs'], cwd);
    // The protocol really ran: exploration found mark-first's lost effect at intent-recorded (exit 1, a violation).
    expect(code).toBe(1);
    expect(stdout).toMatch(/^sim explore: prints-everywhere, /);
    expect(stdout).toMatch(/\n {2}lost: 1 schedule; /);
    expect(stdout).not.toMatch(/protocol says/);
    for (const print of PRINTS) expect(stderr).toContain(`protocol says: ${print}\n`);
  });

  it('sim table --format json: stdout parses as JSON, with no print in it, and the row is measured', () => {
    const { code, stdout } = spawnSim(['table', '--protocol', chatty, '--measure-only', '--format', 'json', '--out', 'runs'], cwd);
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/protocol says/);
    const summary = JSON.parse(stdout) as { effects: Record<string, number[]> };
    expect(summary.effects['prints-everywhere']).toEqual([1, 0, 1, 1, 1]);
  });

  it("sim check --jobs 2 --format json: a worker process's prints go to stderr too, and stdout is one JSON document", () => {
    const { stdout, stderr } = spawnSim(
      ['check', 'dedup-safety', '--protocol', chatty, '--runs', '200', '--seed', '1', '--jobs', '2', '--format', 'json', '--out', 'runs'],
      cwd,
      60_000,
    );
    expect(stdout).not.toMatch(/protocol says/);
    expect((JSON.parse(stdout) as { kind: string }).kind).toBe('check');
    expect(stderr).toContain('protocol says: process.stdout.write\n');
  });
});
