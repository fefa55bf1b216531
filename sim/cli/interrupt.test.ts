import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SIM_BIN, spawnSimAsync } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';
import { liveChildren } from '../testing/live-children.js';

const cwd = tempFolder('interrupt');
const started: ReturnType<typeof spawn>[] = [];

afterEach(() => {
  // A failed assertion must not leave a long run behind.
  for (const sim of started.splice(0)) if (sim.exitCode === null && sim.signalCode === null) sim.kill('SIGKILL');
});

/** Waits (bounded) until `ready` holds; the real process needs a moment to load and start its work. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    if (ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting until ${what}`);
}

/** Starts the real bin, waits until `ready`, sends `signal`, and returns how it ended. */
async function interrupt(argv: readonly string[], ready: (stdout: string, pid: number, stderr: string) => boolean, signal: NodeJS.Signals) {
  const sim = spawn(process.execPath, [SIM_BIN, ...argv], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(sim);
  let stdout = '';
  let stderr = '';
  sim.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  sim.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    sim.once('close', (code, endedBy) => resolve({ code, signal: endedBy })),
  );
  await until(() => ready(stdout, sim.pid!, stderr), `sim ${argv[0]} was under way`);
  sim.kill(signal);
  return { ended: await exited, stdout: () => stdout, stderr: () => stderr };
}

function readdirSafe(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

function scratchFolders(parent: string): string[] {
  return readdirSync(parent).filter((name) => name.startsWith('cutpoint-scratch-'));
}

describe('Ctrl-C or SIGTERM during a command: cleaned up, one line, exit 130 / 143, never a half-written results.json', () => {
  it.each([
    { signal: 'SIGINT' as const, code: 130 },
    { signal: 'SIGTERM' as const, code: 143 },
  ])('sim check, $signal: the scratch folder is removed and the line says how far it got', async ({ signal, code }) => {
    const scratch = join(cwd, `scratch-${signal}`);
    const out = join(cwd, `runs-${signal}`);
    mkdirSync(scratch);
    // 100000 runs take minutes: the signal surely comes while the property runs, its scratch folder in use.
    const run = await interrupt(
      ['check', 'dedup-safety', '--runs', '100000', '--store', 'file', '--scratch', scratch, '--out', out],
      (stdout) => stdout.includes('fresh SQLite files per run') && scratchFolders(scratch).length === 1,
      signal,
    );
    expect(run.ended).toEqual({ code, signal: null });
    expect(run.stderr().trimEnd().split('\n').at(-1)).toMatch(
      // The default --jobs is one per core: on two cores or more, the worker processes are killed too (none on one core);
      // started before the scratch folder was made, they are undone after it, and said last.
      new RegExp(
        `^sim: interrupted by ${signal}; dedup-safety: \\d+/100000 done; run folder .+ marked interrupted; scratch folder .*cutpoint-scratch-\\w+ removed(; \\d+ sim check worker process\\(es\\) killed and reaped)?$`,
      ),
    );
    expect(scratchFolders(scratch)).toEqual([]);
    // The run folder holds no results.json (the run did not finish), no temporary file of a write cut short, and the mark.
    const [runFolder, ...others] = readdirSync(out);
    expect(others).toEqual([]);
    expect(readdirSync(join(out, runFolder as string), { recursive: true })).toEqual(['interrupted']);
  });

  it('sim explore, SIGTERM: an in-process loop of thousands of schedules still hears the signal within moments, its workers reaped', async () => {
    const out = join(cwd, 'explore-runs');
    // The default --jobs is one per core: on two cores or more, this process explores beside worker processes.
    const workers = Math.min(availableParallelism(), 64) - 1;
    const run = await interrupt(
      ['explore', '-p', 'outbox-dedup', '-w', '3', '-i', '3', '-d', '2', '--out', out],
      (stdout, pid) => stdout.startsWith('sim explore: outbox-dedup') && liveChildren(pid, 'subtree-worker.js').length === workers,
      'SIGTERM',
    );
    expect(run.ended).toEqual({ code: 143, signal: null });
    expect(run.stderr().trimEnd().split('\n').at(-1)).toMatch(
      new RegExp(`^sim: interrupted by SIGTERM; ${workers > 0 ? `${workers} sim explore worker process\\(es\\) killed and reaped` : ''}`),
    );
    expect(run.stdout()).not.toMatch(/schedules explored/);
  });

  it('sim stress --format json, SIGTERM: stdout still holds one JSON document, the error with the line and exit 143', async () => {
    const out = join(cwd, 'stress-json-runs');
    const run = await interrupt(
      ['stress', '-p', 'outbox-dedup', '--trials', '100000', '--seed', '1', '--format', 'json', '--out', out],
      // The run folder appears once the trials are under way.
      () => readdirSafe(out).length === 1,
      'SIGTERM',
    );
    expect(run.ended).toEqual({ code: 143, signal: null });
    const line = run.stderr().trimEnd().split('\n').at(-1) ?? '';
    expect(line).toMatch(/^sim: interrupted by SIGTERM; .*child process\(es\) killed and reaped/);
    expect(JSON.parse(run.stdout())).toEqual({ kind: 'error', tool: 'cutpoint', exitCode: 143, message: line.replace(/^sim: /, '') });
  });

  it('sim check --format junit, SIGINT: stdout holds one JUnit document whose failing case says it was interrupted', async () => {
    const out = join(cwd, 'check-junit-runs');
    const run = await interrupt(
      ['check', 'dedup-safety', '--runs', '100000', '--format', 'junit', '--out', out],
      () => readdirSafe(out).length === 1,
      'SIGINT',
    );
    expect(run.ended).toEqual({ code: 130, signal: null });
    expect(run.stdout()).toMatch(/^<\?xml /);
    expect(run.stdout()).toContain('name="interrupted (exit 130)"');
    expect(run.stdout()).toMatch(/<failure message="interrupted by SIGINT; dedup-safety: \d+\/100000 done/);
    expect(run.stdout().match(/<testsuites/g)).toHaveLength(1);
  });

  it('a reader that goes away (`sim list | head`): exit 141 as for SIGPIPE, no EPIPE stack on stderr', async () => {
    const sim = spawn(process.execPath, [SIM_BIN, 'list'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(sim);
    // Closed before the bin has loaded: its first write to stdout meets a pipe with no reader.
    sim.stdout.destroy();
    let stderr = '';
    sim.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      sim.once('close', (code, endedBy) => resolve({ code, signal: endedBy })),
    );
    expect(ended).toEqual({ code: 141, signal: null });
    expect(stderr).toBe('');
  });
});

describe('an interrupted run leaves its folder marked, and sim show and sim report say it was interrupted', () => {
  it.each([
    { command: 'check', argv: ['check', 'dedup-safety', '--runs', '100000'], signal: 'SIGINT' as const, code: 130 },
    { command: 'explore', argv: ['explore', '-p', 'outbox-dedup', '-w', '3', '-i', '3', '-d', '2'], signal: 'SIGTERM' as const, code: 143 },
    {
      command: 'stress',
      argv: ['stress', '-p', 'outbox-dedup', '--trials', '100000', '--seed', '1'],
      signal: 'SIGINT' as const,
      code: 130,
    },
    {
      command: 'table --crash-mode kill',
      argv: ['table', '--crash-mode', 'kill', '--jobs', '1'],
      signal: 'SIGTERM' as const,
      code: 143,
    },
  ])('sim $command, $signal after the run folder appears', async ({ command, argv, signal, code }) => {
    const out = join(cwd, `marked-${command.replace(/\W+/g, '-')}`);
    // The moment varies with the machine's load: the signal comes once the run folder exists, at whatever point the run is.
    const run = await interrupt([...argv, '--out', out], () => readdirSafe(out).length === 1, signal);
    expect(run.ended).toEqual({ code, signal: null });
    const [runFolder] = readdirSync(out);
    const folder = join(out, runFolder as string);
    expect(readdirSafe(folder)).not.toContain('results.json');
    expect(readFileSync(join(folder, 'interrupted'), 'utf8')).toMatch(new RegExp(`^interrupted by ${signal} at \\d{4}-\\d\\d-\\d\\dT`));
    expect(run.stderr().trimEnd().split('\n').at(-1)).toMatch(new RegExp(`; run folder .*${runFolder} marked interrupted`));

    const shown = await spawnSimAsync(['show', folder], cwd);
    const said = `the run was interrupted by ${signal} at `;
    if (shown.code === 2) expect(shown.stderr).toMatch(new RegExp(`^sim: .*: ${said}.*before any case had written its history.jsonl\n$`));
    else {
      // Kill mode may have written a case or two before the signal: they are shown, and stderr says they are a cut-short run's.
      expect(shown.code).toBe(0);
      expect(shown.stderr).toContain(said);
    }
    const reported = await spawnSimAsync(['report', folder], cwd);
    expect(reported.code).toBe(2);
    expect(reported.stderr).toMatch(new RegExp(`^sim: .*: ${said}.*before it wrote results.json\n$`));
  });
});
