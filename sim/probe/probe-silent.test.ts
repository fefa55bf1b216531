import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';
import { startServerProcess, type ServerProcess } from '../transport/http/server-process.js';
import type { ProbeResults } from './probe-results.js';

const folder = tempFolder('probe-silent');
const service = fileURLToPath(new URL('../testing/fixtures/misbehaving-service.mjs', import.meta.url));
const MODES = ['silent', 'trickle', 'falls-silent', 'third-hangs'] as const;
const running = new Map<string, ServerProcess>();

beforeAll(async () => {
  for (const mode of MODES) running.set(mode, await startServerProcess(process.execPath, [service, mode]));
});

afterAll(async () => {
  for (const server of running.values()) await server.stop();
});

function probe(mode: (typeof MODES)[number], out: string, extra: string[] = []) {
  const base = `http://127.0.0.1:${running.get(mode)!.port}`;
  const args = ['probe', '--url', `${base}/writes`, '--body', '{"part":"p7"}', '--count-url', `${base}/effects?key={key}`];
  return runCli([...args, '--timeout-ms', '300', '--out', join(folder, out), ...extra], folder);
}

/** How many writes reached the service, answered or not: what shows the probe stopped sending. */
async function writesReceived(mode: (typeof MODES)[number]): Promise<number> {
  const reply = await fetch(`http://127.0.0.1:${running.get(mode)!.port}/received`);
  return ((await reply.json()) as { writes: number }).writes;
}

describe('sim probe against a service that never finishes a reply', () => {
  for (const mode of ['silent', 'trickle'] as const) {
    it(`${mode}: stops after the first write and says nothing answered (exit 2, nothing left on disk)`, async () => {
      const run = await probe(mode, `runs-${mode}`, ['--format', 'json']);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `sim: nothing answered at http://127.0.0.1:${running.get(mode)!.port}/writes within 300 ms: it takes connections but sent no complete reply to a POST (is --url the write endpoint? is --timeout-ms long enough?)\n`,
      );
      expect(JSON.parse(run.stdout)).toMatchObject({ kind: 'error', exitCode: 2 });
      // One write went out, not one per clause each waiting the whole timeout.
      expect(await writesReceived(mode)).toBe(1);
      const out = join(folder, `runs-${mode}`);
      expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    });
  }

  it('a service that falls silent half way fails the clause it stopped and runs no other (exit 1)', async () => {
    const run = await probe('falls-silent', 'runs-falls-silent', ['--format', 'json']);
    expect(run.code).toBe(1);
    const results = JSON.parse(run.stdout) as ProbeResults;
    expect(results.clauses.map((c) => [c.name, c.verdict, c.observed])).toEqual([
      ['distinct-keys', 'pass', '201, 201; counts 1, 1'],
      ['sequential-retry', 'fail', 'stopped: no response (timeout) to #6'],
      ['payload-mismatch', 'not-run', 'not run: the service stopped answering at #6'],
      ['concurrent-same-key', 'not-run', 'not run: the service stopped answering at #6'],
      ['dropped-reply-retry', 'not-run', 'not run: the service stopped answering at #6'],
      ['tenant-scope', 'not-run', 'no --tenant-header'],
      ['missing-key', 'not-run', 'no --require-key'],
    ]);
    expect(results.noResponses).toEqual([
      { label: 'timeout', meaning: 'no complete reply within 300 ms (--timeout-ms)', clauses: ['sequential-retry'], requests: [6] },
    ]);
    expect(await writesReceived('falls-silent')).toBe(3);
    const report = readFileSync(join(folder, 'runs-falls-silent', results.runId, 'report.txt'), 'utf8');
    expect(report).toContain('  no response (timeout): no complete reply within 300 ms (--timeout-ms); in sequential-retry (#6)\n');
  });

  it('writes that time out while others of their batch are answered are a slow key, not silence: the battery goes on', async () => {
    // A longer timeout than the others': the two answered writes must be back before the six others give up, even on a loaded machine.
    const run = await probe('third-hangs', 'runs-third-hangs', ['--format', 'json', '--timeout-ms', '1000']);
    expect(run.code).toBe(1);
    const results = JSON.parse(run.stdout) as ProbeResults;
    const concurrent = results.clauses.find((c) => c.name === 'concurrent-same-key');
    expect(concurrent).toMatchObject({ verdict: 'fail', observed: '8 at once: 2x 201, 6x no response (timeout); count 2' });
    // The clause after it ran and was judged on its own writes.
    expect(results.clauses.find((c) => c.name === 'dropped-reply-retry')?.observed).toBe(
      'service answered 201, reply dropped; retry 201; count 2',
    );
    expect(results.noResponses.find((note) => note.label === 'timeout')?.clauses).toEqual(['concurrent-same-key']);
  });
});
