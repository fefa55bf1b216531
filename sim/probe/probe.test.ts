import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHistory } from '../engine/history.js';
import { runCli } from '../cli/testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';
import { portAcceptsConnections, startServerProcess, type ServerProcess } from '../transport/http/server-process.js';
import type { ProbeResults } from './probe-results.js';

const folder = tempFolder('probe');
const servers = fileURLToPath(new URL('../../dist/protocols/examples/servers/', import.meta.url));

/** Each shipped server and the clauses it must fail: exactly these, every other clause passes. */
const VERDICTS: Record<string, string[]> = {
  conforming: [],
  'receipt-after-effect': ['concurrent-same-key'],
  'check-then-act': ['concurrent-same-key'],
  'partial-fingerprint': ['payload-mismatch'],
  'global-key': ['tenant-scope'],
  // The reply goes out before the receipt is filed: every retry that comes at once finds no receipt.
  'receipt-after-response': ['sequential-retry', 'payload-mismatch', 'concurrent-same-key', 'dropped-reply-retry'],
};

const running = new Map<string, ServerProcess>();

beforeAll(async () => {
  for (const name of Object.keys(VERDICTS)) {
    const args = [join(servers, `${name}.js`), '--port', '0', '--db', join(folder, `${name}.db`)];
    running.set(name, await startServerProcess(process.execPath, args));
  }
});

afterAll(async () => {
  for (const server of running.values()) await server.stop();
});

function probeArgs(port: number, extra: string[] = []): string[] {
  return [
    'probe',
    '--url',
    `http://127.0.0.1:${port}/reservations`,
    '--body',
    '{"part":"p7","qty":1}',
    '--count-url',
    `http://127.0.0.1:${port}/effects?tenant={tenant}&key={key}`,
    '--tenant-header',
    'X-Tenant',
    '--require-key',
    '--format',
    'json',
    '--out',
    join(folder, 'runs'),
    ...extra,
  ];
}

describe('sim probe on the shipped example servers', () => {
  for (const [name, failing] of Object.entries(VERDICTS)) {
    it(`${name}: ${failing.length ? `convicted on ${failing.join(', ')}` : 'cleared on every clause'}`, async () => {
      const run = await runCli(probeArgs(running.get(name)!.port), folder);
      expect(run.stderr).toBe('');
      const results = JSON.parse(run.stdout) as ProbeResults;
      expect(results.clauses.filter((c) => c.verdict === 'fail').map((c) => c.name)).toEqual(failing);
      expect(results.clauses.filter((c) => c.verdict === 'not-run')).toEqual([]);
      expect(results.clauses).toHaveLength(7);
      expect(run.code).toBe(failing.length ? 1 : 0);
      // The dropped-reply clause proves its fault fired: the service answered, the reply was dropped.
      expect(results.clauses.find((c) => c.name === 'dropped-reply-retry')?.observed).toMatch(/service answered 201, reply dropped/);
      // Every request a verdict cites is in the history, with its response or its loss.
      const runFolder = join(folder, 'runs', results.runId);
      const events = parseHistory(readFileSync(join(runFolder, 'history.jsonl'), 'utf8'), 'history.jsonl');
      for (const clause of results.clauses) {
        for (const request of clause.requests) {
          const answered = events.filter((e) => (e.value as { request?: number } | undefined)?.request === request).map((e) => e.type);
          expect(answered[0]).toBe('invoke');
          expect(['ok', 'fail', 'info']).toContain(answered[1]);
        }
      }
      // stdout is results.json as written, with where the run folder is.
      const { runFolder: shown, ...written } = results as ProbeResults & { runFolder: string };
      expect(shown).toBe(join('runs', results.runId));
      expect(JSON.parse(readFileSync(join(runFolder, 'results.json'), 'utf8'))).toEqual(written);
      expect(readFileSync(join(runFolder, 'report.txt'), 'utf8')).toMatch(failing.length ? /NOT safe to retry/ : /safe to retry/);
      expect(await portAcceptsConnections(Number(new URL(results.proxyUrl).port))).toBe(false);
    });
  }

  it('without a tenant header or --require-key those clauses are not run, and say why', async () => {
    const port = running.get('conforming')!.port;
    const args = ['probe', '--url', `http://127.0.0.1:${port}/reservations`, '--body', '{"part":"p7","qty":1}'];
    const run = await runCli([...args, '--count-url', `http://127.0.0.1:${port}/effects?key={key}`, '--out', join(folder, 'runs')], folder);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/tenant-scope .*no --tenant-header .*not run/);
    expect(run.stdout).toMatch(/missing-key .*no --require-key .*not run/);
    expect(run.stdout).toMatch(/5 passed, 0 failed, 2 not run/);
  });

  it('bad input is one line and exit 2, with no run folder left', async () => {
    const port = running.get('conforming')!.port;
    const out = join(folder, 'bad-runs');
    const closed = await startServerProcess(process.execPath, [
      join(servers, 'conforming.js'),
      '--port',
      '0',
      '--db',
      join(folder, 'gone.db'),
    ]);
    await closed.stop();
    const cases = [
      probeArgs(closed.port, ['--out', out]),
      // A count endpoint that answers, but not with a count.
      [...probeArgs(port, ['--out', out]).slice(0, 5), '--count-url', `http://127.0.0.1:${port}/reservations?key={key}`, '--out', out],
      [...probeArgs(port, ['--out', out]).slice(0, 3), '--body', '{not json', '--count-url', `http://127.0.0.1:${port}/effects?key={key}`],
      // JSON, but not an object: the payload-mismatch clause has no field to change, an MCP tool no arguments.
      ...['[1]', '"p7"', '3', 'null'].map((body) => [
        ...probeArgs(port, ['--out', out]).slice(0, 3),
        '--body',
        body,
        '--count-url',
        `http://127.0.0.1:${port}/effects?key={key}`,
      ]),
      [...probeArgs(port, ['--out', out]).slice(0, 5), '--count-url', `http://127.0.0.1:${port}/effects`],
      // A tenant in the header the probe sets to application/json, or in the key's own header, never arrives as sent.
      probeArgs(port, ['--out', out, '--tenant-header', 'Content-Type']),
      probeArgs(port, ['--out', out, '--key-header', 'x-tenant']),
      // Credentials in the URL would be printed in every report, and never sent.
      ['probe', '--url', `http://user:secret@127.0.0.1:${port}/reservations`, ...probeArgs(port, ['--out', out]).slice(3)],
      [...probeArgs(port, ['--out', out]).slice(0, 5), '--count-url', `http://127.0.0.1:${port}/effects?key={key}&t={tenant}`],
    ];
    for (const args of cases) {
      const run = await runCli(args, folder);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });
});

describe('no server left behind', () => {
  it('every example server exits on SIGTERM and frees its port', async () => {
    for (const [name, server] of running) {
      expect({ name, code: await server.stop() }).toEqual({ name, code: 0 });
      expect(await portAcceptsConnections(server.port)).toBe(false);
    }
  });
});
