import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIM_BIN, spawnSimAsync } from '../testing/spawn-sim.js';
import { tempFolder } from '../testing/temp-folder.js';

const fixtures = join(process.cwd(), 'sim', 'testing', 'fixtures');

describe('a module sim loads cannot decide how sim ends', () => {
  it('a timer that calls process.exit(0) mid-table is exit 2 with one line, not a silent pass; with --format json the error document', async () => {
    const cwd = tempFolder('late-exit');
    for (const format of ['text', 'json']) {
      const run = await spawnSimAsync(['table', '-p', join(fixtures, 'late-exit.mjs'), '--format', format, '--out', 'runs'], cwd);
      expect({ format, code: run.code }).toEqual({ format, code: 2 });
      const lines = run.stderr.trim().split('\n');
      expect(lines).toEqual([
        'sim: process.exit(0) was called before the command finished (a timer or callback of a protocol or policy module?): no verdict was reached',
      ]);
      if (format === 'json')
        expect(JSON.parse(run.stdout)).toMatchObject({ kind: 'error', exitCode: 2, message: lines[0]!.slice('sim: '.length) });
      else expect(run.stdout).not.toMatch(/expected cells match/);
    }
    // No verdict was written: no run folder holds a results.json.
    const runs = join(cwd, 'runs');
    const folders = existsSync(runs) ? readdirSync(runs) : [];
    expect(folders.filter((folder) => existsSync(join(runs, folder, 'results.json')))).toEqual([]);
  });

  it('an interval left running after the verdict: the table and its exit code stand, one line says so, and the process ends', async () => {
    const cwd = tempFolder('lingering-interval');
    const run = await spawnSimAsync(
      ['table', '-p', join(fixtures, 'lingering-interval.mjs'), '--measure-only', '--out', 'runs'],
      cwd,
      30_000,
    );
    // A hang would be killed by the time limit (code null); the verdict of the table is the command's own exit code.
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/run folder: runs\//);
    expect(run.stderr.trim().split('\n').at(-1)).toBe(
      "sim: the command has ended, but something it loaded (a protocol's setInterval, an open socket?) kept the process alive; ended after 500 ms",
    );
    const [folder] = readdirSync(join(cwd, 'runs'));
    expect(existsSync(join(cwd, 'runs', folder!, 'results.json'))).toBe(true);
  });

  it("sim check on the README's example protocol ends without a word about something kept alive: its watched child lingered on its own stdin", async () => {
    const cwd = tempFolder('watched-child-ends');
    const example = join(process.cwd(), 'protocols', 'examples', 'my-protocol.ts');
    const run = await spawnSimAsync(
      ['check', 'identity', '-p', example, '--runs', '3', '--seed', '1', '--jobs', '1', '--out', 'runs'],
      cwd,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1\/1 properties passed/);
    expect(run.stderr).not.toMatch(/kept the process alive/);
  });
});

/** Runs the bin with its stdout read as a slow pipe reader reads it: at most one chunk (64 KiB) every `everyMs`. */
function readSlowly(argv: readonly string[], cwd: string, everyMs: number) {
  const sim = spawn(process.execPath, [SIM_BIN, ...argv], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  let stderr = '';
  sim.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  // After each chunk the reader pauses, so the pipe fills up and the writer must wait for it.
  sim.stdout.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    sim.stdout.pause();
    setTimeout(() => sim.stdout.resume(), everyMs);
  });
  // Done when the reader has taken the last byte (stdout's 'end') and the process has exited.
  const ended = new Promise<void>((resolve) => sim.stdout.once('end', resolve));
  const exited = new Promise<number | null>((resolve) => sim.once('exit', (code) => resolve(code)));
  return Promise.all([ended, exited]).then(([, code]) => ({ code, stdout: Buffer.concat(chunks).toString('utf8'), stderr }));
}

describe('a command never exits before its output is written', () => {
  // A history of 30000 events: about 3 MB of JSON (1.5 MB of text), which a reader of 64 KiB every 10 ms takes about a second to read.
  const cwd = tempFolder('slow-reader');
  const events = 30_000;
  mkdirSync(join(cwd, 'big', 'case'), { recursive: true });
  const lines = Array.from({ length: events }, (_, seq) =>
    JSON.stringify({ seq, atMs: seq, life: 0, worker: 'caller', type: 'invoke', op: 'submit', value: `tenantA:k${seq}${'x'.repeat(40)}` }),
  );
  writeFileSync(join(cwd, 'big', 'case', 'history.jsonl'), lines.join('\n') + '\n');

  it.each(['json', 'text'])(
    'sim show --format %s into a slow reader: every byte arrives, exit 0, nothing said about a lingering process',
    async (format) => {
      const run = await readSlowly(['show', 'big', '--format', format], cwd, 10);
      expect(run.code).toBe(0);
      if (format === 'json') {
        const document = JSON.parse(run.stdout) as { histories: { events: unknown[] }[] };
        expect(document.histories[0]?.events).toHaveLength(events);
      } else {
        // One line per event, the title line, and the last event's line whole.
        expect(run.stdout.trimEnd().split('\n')).toHaveLength(events + 1);
        expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`tenantA:k${events - 1}x{40}$`));
      }
      // The output really outlasted the watchdog's time: a process ended 500 ms after its command would have cut it short.
      expect(Buffer.byteLength(run.stdout)).toBeGreaterThan(1024 * 1024);
      expect(run.stderr).toBe('');
    },
  );
});
