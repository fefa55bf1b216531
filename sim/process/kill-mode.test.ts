import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxDedup } from '../../protocols/reservation/outbox-dedup.js';
import { EXPECTED_EFFECTS } from '../../scenarios/reservation/reference-table.js';
import { reservationFamily } from '../families/reservation/family.js';
import type { TableResults } from '../results/table-results.js';
import { runCli } from '../cli/testing/run-cli.js';
import { historyEvents } from '../testing/run-files.js';
import { tempFolder } from '../testing/temp-folder.js';
import { childrenAlive } from './children.js';
import { alive, liveChildren, type LiveProcess } from '../testing/live-children.js';
import { runKillCase, type KillCaseResult } from './kill-case.js';
import { protocolFromFile } from '../engine/protocol-file.js';
import { referenceEffectsOnDisk } from '../testing/read-warehouse.js';

const cwd = tempFolder('kill-mode');

describe('kill mode', () => {
  it('agrees with in-process mode on the seed table: 15/15 cells, each child really SIGKILLed at its cut', async () => {
    const { code, stdout, stderr } = await runCli(['table', '--crash-mode', 'both', '--out', join(cwd, 'runs')], cwd);
    expect(stderr).toBe('');
    expect(stdout).toContain('crash modes agree: 15/15 cells have the same N in-process and under SIGKILL.');
    expect(code).toBe(0);

    const killFolder = join(cwd, /^run folder: (.*)$/m.exec(stdout)![1]!);
    const results = JSON.parse(readFileSync(join(killFolder, 'results.json'), 'utf8')) as TableResults;
    expect(results.crashMode).toBe('kill');
    expect(results.cells).toHaveLength(15);
    for (const cell of results.cells) {
      const killCase = cell.case as unknown as KillCaseResult;
      // Measured from the file, not from the harness: the row the expectation names.
      expect(referenceEffectsOnDisk(join(killFolder, cell.case.files.stores['warehouse']!))).toBe(
        EXPECTED_EFFECTS[cell.protocol]![cell.cut.index],
      );
      // The fault fired: the attempt's child died by SIGKILL that the parent did not send, and its last durable event is the crash at this cut.
      expect(killCase.children[0]).toMatchObject({ life: 0, verdict: 'killed-at-cut', signal: 'SIGKILL', code: null });
      expect(killCase.children.at(-1)).toMatchObject({ verdict: 'completed', code: 0, signal: null });
      expect(new Set(killCase.children.map((child) => child.pid)).size).toBe(killCase.children.length);
      const attempt = historyEvents(join(killFolder, cell.case.files.history)).filter((event) => event.life === 0);
      expect(attempt.at(-1)).toMatchObject({ type: 'crash', op: cell.cut.name });
    }
    expect(childrenAlive()).toBe(0);
  });

  it('reports a child that dies for another reason as such, not as an effect count', async () => {
    const unknownToTheChild = { ...outboxDedup, name: 'not-in-the-registry' };
    const result = await runKillCase(
      {
        protocol: unknownToTheChild,
        family: reservationFamily,
        folder: join(cwd, 'died'),
        cut: { index: 2, name: 'effect-applied' },
      },
      { lifeTimeoutMs: 15_000 },
    );
    expect(result.children).toEqual([expect.objectContaining({ verdict: 'died', code: 1, signal: null })]);
    expect(result.cutFired).toBe(false);
    expect(result.error).toMatch(
      /life 0 .* died otherwise: it exited with code 1; it recorded no event: unknown protocol 'not-in-the-registry'/,
    );
  });

  it('kills a child still alive after its time limit and reports the case as timed out', async () => {
    const loops = join(process.cwd(), 'fixtures', 'misbehaving', 'loops.ts');
    const protocol = await protocolFromFile(reservationFamily, loops, loops);
    const result = await runKillCase(
      { protocol, protocolFile: loops, family: reservationFamily, folder: join(cwd, 'timeout'), cut: { index: 2, name: 'effect-applied' } },
      { lifeTimeoutMs: 300 },
    );
    expect(result.children).toEqual([expect.objectContaining({ verdict: 'timed-out', signal: 'SIGKILL' })]);
    expect(result.error).toMatch(/did not finish within 300 ms .* stopped by the watchdog .*its last cut was 'relay-started'/);
  });
});

describe('sim table --crash-mode: bad input is one line on stderr, exit 2', () => {
  it.each([
    { argv: ['--crash-mode', 'fork'], says: /crash mode must be one of in-process, kill, both, server-kill; got 'fork'/ },
    { argv: ['--crash-mode', 'both', '--chart'], says: /--chart draws the reports of one run/ },
    { argv: ['--crash-mode', 'kill', '--jobs', '0'], says: /jobs must be a whole number from 1 to 64/ },
  ])('sim table $argv', async ({ argv, says }) => {
    const out = join(cwd, 'bad-input');
    const { code, stdout, stderr } = await runCli(['table', ...argv, '--out', out], cwd);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(says);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });
});

/** Every process whose command line mentions `marker`, read from /proc. */
function processesMentioning(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) found.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** Starts `sim <argv> --out <out>` as a real process and waits until one of its children runs `entry`. */
async function startSim(argv: readonly string[], out: string, entry: string) {
  const bin = join(process.cwd(), 'dist', 'entry', 'sim.js');
  const sim = spawn(process.execPath, [bin, ...argv, '--out', out], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  sim.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    sim.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let children: LiveProcess[] = [];
  for (let tries = 0; tries < 1000 && children.length === 0; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    children = liveChildren(sim.pid!, entry);
  }
  return { sim, exited, children, stderr: () => stderr };
}

describe('interrupting a kill-mode run', () => {
  it('Ctrl-C (SIGINT) kills and reaps every child, exits 130, and leaves no process and no scratch folder behind', async () => {
    // A run folder on the clone's disk (tempFolder is on /dev/shm when the machine has it), so the cases run in a tmpfs scratch.
    const out = join(import.meta.dirname, '../../runs/test-artifacts', `interrupted-runs-${process.pid}`);
    const run = await startSim(['table', '--crash-mode', 'kill'], out, 'life-child.js');
    expect(run.children.length).toBeGreaterThan(0);
    // A child's life spec lies where the cases run: a tmpfs scratch folder when the run folder is on a disk.
    const specFolder = /\s(\/\S*?)\/[^/\s]+\/cut-\d+\//.exec(run.children[0]!.commandLine)![1]!;
    run.sim.kill('SIGINT');

    expect(await run.exited).toEqual({ code: 130, signal: null });
    expect(run.stderr()).toMatch(/interrupted by SIGINT; \d+ child process\(es\) killed and reaped/);
    expect(run.children.filter((child) => alive(child.pid))).toEqual([]);
    expect(processesMentioning(specFolder)).toEqual([]);
    expect(specFolder.startsWith(out)).toBe(false);
    expect(existsSync(specFolder)).toBe(false);
    expect(existsSync(join(out, 'results.json'))).toBe(false);
    rmSync(out, { recursive: true, force: true });
  });

  it('a parent killed with SIGKILL (no handler runs) still leaves no child: each child dies when its stdin pipe closes', async () => {
    // Stress workers draining 5000 intentions each live for seconds: far longer than the half second they are given to die.
    const out = join(cwd, 'parent-killed-runs');
    const run = await startSim(
      ['stress', '-p', 'outbox-dedup', '-w', '2', '-i', '10000', '-t', '1', '--crashes', '0', '--pause-chance', '0'],
      out,
      'stress-worker.js',
    );
    expect(run.children.length).toBeGreaterThan(0);
    run.sim.kill('SIGKILL');
    expect(await run.exited).toEqual({ code: null, signal: 'SIGKILL' });

    let left = run.children.filter((child) => alive(child.pid));
    for (let tries = 0; tries < 100 && left.length > 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      left = left.filter((child) => alive(child.pid));
    }
    expect(left).toEqual([]);
    expect(processesMentioning(out)).toEqual([]);
  });
});
