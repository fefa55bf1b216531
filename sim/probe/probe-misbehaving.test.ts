import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHistory } from '../engine/history.js';
import { runCli } from '../cli/testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';
import { startServerProcess, type ServerProcess } from '../transport/http/server-process.js';
import type { ProbeResults } from './probe-results.js';

const folder = tempFolder('probe-misbehaving');
const service = fileURLToPath(new URL('../testing/fixtures/misbehaving-service.mjs', import.meta.url));
const MODES = ['redirect', 'reset', 'endless', 'endless-count', 'head-then-close', 'not-http'] as const;
const running = new Map<string, ServerProcess>();

beforeAll(async () => {
  for (const mode of MODES) running.set(mode, await startServerProcess(process.execPath, [service, mode]));
});

afterAll(async () => {
  for (const server of running.values()) await server.stop();
});

async function probe(mode: (typeof MODES)[number], format = 'json') {
  const port = running.get(mode)!.port;
  const args = ['probe', '--url', `http://127.0.0.1:${port}/writes`, '--body', '{"part":"p7"}', '--format', format];
  return runCli([...args, '--count-url', `http://127.0.0.1:${port}/effects?key={key}`, '--out', join(folder, 'runs')], folder);
}

/** The write outcomes the run folder's history holds: a status, or the message of a lost reply. */
function writeOutcomes(results: ProbeResults): string[] {
  const history = readFileSync(join(folder, 'runs', results.runId, 'history.jsonl'), 'utf8');
  return parseHistory(history, 'history.jsonl')
    .filter((event) => event.op === 'write' && event.type !== 'invoke')
    .map((event) => {
      const value = event.value as { status?: number; message?: string };
      return value.status === undefined ? `lost: ${value.message}` : String(value.status);
    });
}

/** The numbers of every write the run folder's history holds. */
function writeRequests(results: ProbeResults): number[] {
  const history = readFileSync(join(folder, 'runs', results.runId, 'history.jsonl'), 'utf8');
  return parseHistory(history, 'history.jsonl')
    .filter((event) => event.op === 'write' && event.type === 'invoke')
    .map((event) => (event.value as { request: number }).request);
}

describe('sim probe against a service that misbehaves', () => {
  it('a redirect is the service answer (307), not followed to where it points', async () => {
    const run = await probe('redirect');
    expect(run.code).toBe(1);
    const results = JSON.parse(run.stdout) as ProbeResults;
    expect(results.clauses.find((c) => c.name === 'distinct-keys')?.observed).toBe('307, 307; counts 1, 1');
    // Every write saw the 307; the one lost is the reply the dropped-reply clause dropped on purpose.
    expect(new Set(writeOutcomes(results))).toEqual(new Set(['307', 'lost: other side closed']));
    expect(results.clauses.find((c) => c.name === 'dropped-reply-retry')?.observed).toMatch(/^service answered 307, reply dropped/);
  });

  it("a reset is no answer from the service, not the proxy's 502", async () => {
    const run = await probe('reset');
    expect(run.code).toBe(1);
    const results = JSON.parse(run.stdout) as ProbeResults;
    expect(results.clauses.find((c) => c.name === 'distinct-keys')?.observed).toBe('no response (reset), no response (reset); counts 1, 1');
    expect(results.clauses.find((c) => c.name === 'dropped-reply-retry')?.observed).toMatch(
      /^the drop did not fire \(no response \(reset\)\)/,
    );
    expect(new Set(writeOutcomes(results))).toEqual(new Set(['lost: the service did not answer: it reset the connection']));
    // One reason, explaining every cell that shows it: each clause ran writes, and every write got a reset.
    expect(results.noResponses).toEqual([
      {
        label: 'reset',
        meaning: 'the service reset the connection',
        clauses: ['distinct-keys', 'sequential-retry', 'payload-mismatch', 'concurrent-same-key', 'dropped-reply-retry'],
        requests: writeRequests(results),
      },
    ]);
  });

  it('a reply that never ends is cut at 1 MiB and counts as lost, long before the timeout', async () => {
    const run = await probe('endless');
    expect(run.code).toBe(1);
    const results = JSON.parse(run.stdout) as ProbeResults;
    expect(new Set(writeOutcomes(results))).toEqual(new Set(['lost: the service did not answer: its reply was over 1048576 bytes']));
    expect(results.clauses.find((c) => c.name === 'sequential-retry')?.observed).toMatch(/^no response \(over 1 MiB\) then/);
    expect(results.noResponses.map((note) => [note.label, note.meaning])).toEqual([
      ['over 1 MiB', "the service's reply was over 1 MiB, not read to its end"],
    ]);
  });

  it('a reply cut short after its head is named so under the table and in JUnit, and the drop that never fired is not called a drop', async () => {
    const text = await probe('head-then-close', 'text');
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/\| distinct-keys +\| [^|]+\| no response \(cut short\), no response \(cut short\); counts 1, 1 +\| FAIL/);
    expect(text.stdout).toMatch(
      /^  no response \(cut short\): the service closed the connection in the middle of its reply; in distinct-keys, sequential-retry, payload-mismatch, concurrent-same-key, dropped-reply-retry \(#2 #3 #6 /m,
    );
    expect(text.stdout).not.toContain('(dropped)');
    const junit = await probe('head-then-close', 'junit');
    expect(junit.code).toBe(1);
    expect(junit.stdout).toContain(
      'observed: no response (cut short), no response (cut short); counts 1, 1&#10;no response (cut short): the service closed the connection in the middle of its reply</failure>',
    );
  });

  it('a URL whose service does not speak HTTP is bad input at its first reply: one line, exit 2', async () => {
    const run = await probe('not-http');
    expect(run.code).toBe(2);
    // llhttp's own words after 'Parse Error:' differ between Node versions.
    const url = `http://127.0.0.1:${running.get('not-http')!.port}/writes`;
    expect(run.stderr).toMatch(
      new RegExp(`^sim: nothing at ${url.replaceAll('.', '\\.')} speaks HTTP: the first reply is not HTTP \\(Parse Error: .+\\)\n$`),
    );
    expect(JSON.parse(run.stdout)).toMatchObject({ kind: 'error', exitCode: 2 });
  });

  it('a count endpoint whose reply never ends is bad input: one line, exit 2, one JSON document', async () => {
    const run = await probe('endless-count');
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/the count endpoint .* did not answer \(a reply over 1048576 bytes, not read to its end\)/);
    expect(JSON.parse(run.stdout)).toMatchObject({ kind: 'error', exitCode: 2 });
  });
});
