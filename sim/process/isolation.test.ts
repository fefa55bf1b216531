import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { once } from '../testing/once.js';
import { tempFolder } from '../testing/temp-folder.js';
import { referenceEffectsOnDisk } from '../testing/read-warehouse.js';

const cwd = tempFolder('isolation');
const bin = join(process.cwd(), 'dist', 'entry', 'sim.js');
// Protocols that misbehave on purpose (loops, exits, an unseeded source) live outside sim/, whose code must stay deterministic.
const fixture = (name: string) =>
  name.startsWith('misbehaving/') ? join(process.cwd(), 'fixtures', name) : join(process.cwd(), 'sim', 'testing', 'fixtures', name);
const LIFE_TIMEOUT_MS = 1_500;

/** The real bin, as a user runs it, with a hard limit of our own far above the watchdog's: a hang fails the test. */
function sim(argv: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...argv], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const limit = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

const table = (file: string, ...more: string[]) =>
  sim([
    'table',
    '-p',
    fixture(file),
    '-c',
    '2',
    '--format',
    'json',
    '--life-timeout-ms',
    String(LIFE_TIMEOUT_MS),
    '--out',
    'runs',
    ...more,
  ]);

/** The table of the protocol that prints, run once for the two tests that read its run folder. */
const printsTable = once(() => table('misbehaving/prints.ts'));

/** The one case's error, read back from results.json: what the table prints on its error line. */
function caseError(stdout: string): string {
  const { resultsFile } = JSON.parse(stdout) as { resultsFile: string };
  const results = JSON.parse(readFileSync(join(cwd, resultsFile), 'utf8')) as { cells: { case: { error?: string } }[] };
  return results.cells[0]?.case.error ?? '';
}

describe('a protocol file cannot fool the verdict or stop the harness', () => {
  it.each([
    { file: 'misbehaving/loops.ts', says: /protocol loops did not finish life 0, last cut 'relay-started' within 1500 ms/ },
    { file: 'misbehaving/never-settles.ts', says: /protocol never-settles did not finish life 0, last cut 'relay-started' within 1500 ms/ },
    {
      file: 'misbehaving/exits.ts',
      says: /protocol exits ended the process itself \(process\.exit\(0\)\) in life 0, last cut 'relay-started'/,
    },
    { file: 'misbehaving/missed-await.ts', says: /ctx\.cut\('about-to-send'\) was not awaited \(worker relay-1, life 0\)/ },
    { file: 'misbehaving/unseeded.ts', says: /not deterministic: the same case run twice differs at history event \d+/ },
    {
      file: 'wall-clock-in-store.mts',
      says: /not deterministic: the same case run twice differs at row of orchestrator\.db 1: intentions: .*"issued_at_ms":\d{13},.* vs intentions: /,
    },
    { file: 'throws-mid-run.ts', says: /protocol failed: / },
  ])('$file: an error case (exit 1) that names what happened, within the watchdog bound, JSON intact', async ({ file, says }) => {
    const run = await table(file);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(caseError(run.stdout)).toMatch(says);
    const shown = JSON.parse(run.stdout) as { verdict: string; effects: Record<string, (number | null)[]> };
    expect(shown.verdict).toBe('unknown');
    expect(Object.values(shown.effects)).toEqual([[null]]);
    // The watchdog's bound plus the start of two processes, never a hang.
    expect(run.ms).toBeLessThan(LIFE_TIMEOUT_MS + 8_000);
  });

  it('a protocol that prints: its output goes to the case log, stdout stays one JSON document, N is measured', async () => {
    const run = await printsTable();
    expect(run.code).toBe(0);
    const shown = JSON.parse(run.stdout) as { effects: Record<string, (number | null)[]>; runFolder: string };
    expect(shown.effects['prints']).toEqual([1]);
    const log = readFileSync(join(cwd, shown.runFolder, 'prints', 'cut-2', 'protocol.log'), 'utf8');
    expect(log).toContain('relay starting, life 0');
    expect(log).toContain('{"not": "cutpoint output"}');
    expect(referenceEffectsOnDisk(join(cwd, shown.runFolder, 'prints', 'cut-2', 'warehouse.db'))).toBe(1);
  });

  it('a protocol that leaves a timer running does not keep the harness alive', async () => {
    const run = await table('misbehaving/leaves-timer.ts');
    expect(run.code).toBe(0);
    expect(run.ms).toBeLessThan(8_000);
  });

  it('a relay that remembers sent keys in a module variable gets the same row in process and in kill mode: a crash forgets it', async () => {
    const rows: Record<string, (number | null)[]> = {};
    for (const mode of ['in-process', 'kill']) {
      const run = await sim([
        'table',
        '-p',
        fixture('misbehaving/module-state.ts'),
        '--crash-mode',
        mode,
        '--measure-only',
        '--format',
        'json',
        '--out',
        'runs',
      ]);
      expect(run.code).toBe(0);
      const shown = JSON.parse(run.stdout) as { effects: Record<string, (number | null)[]>; runFolder: string };
      rows[mode] = shown.effects['module-state'] ?? [];
      // Measured from the file: at effect-applied the recovery sent again (no receipts), so the warehouse holds two.
      expect(referenceEffectsOnDisk(join(cwd, shown.runFolder, 'module-state', 'cut-2', 'warehouse.db'))).toBe(2);
    }
    expect(rows['in-process']).toEqual([1, 1, 2, 2, 1]);
    expect(rows['kill']).toEqual(rows['in-process']);
  });

  it('kill mode stops a looping child at its life timeout and names its last cut', async () => {
    const run = await table('misbehaving/loops.ts', '--crash-mode', 'kill');
    expect(run.code).toBe(1);
    expect(caseError(run.stdout)).toMatch(/did not finish within 1500 ms .*its last cut was 'relay-started'/);
    expect(run.ms).toBeLessThan(LIFE_TIMEOUT_MS + 8_000);
  });

  it('leaves no scratch behind: the case folder holds only the stores, history.jsonl and the log', async () => {
    const run = await printsTable();
    const { runFolder } = JSON.parse(run.stdout) as { runFolder: string };
    for (const leftover of ['case.spec.json', 'case.events.jsonl', 'case.end.json']) {
      expect(existsSync(join(cwd, runFolder, 'prints', 'cut-2', leftover))).toBe(false);
    }
  });
});
