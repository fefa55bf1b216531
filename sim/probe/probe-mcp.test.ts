import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_RECEIPTS } from '../../protocols/receivers/types.js';
import { runCli } from '../cli/testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';
import { findServableReceiver } from '../transport/http/receiver-catalogue.js';
import type { RunningServer } from '../transport/http/receiver-server.js';
import { portAcceptsConnections } from '../transport/http/server-process.js';
import { wallClockMs } from '../transport/http/wall-clock.js';
import { startMcpReceiverServer } from '../transport/mcp/mcp-receiver-server.js';
import type { ProbeResults } from './probe-results.js';

const folder = tempFolder('probe-mcp');
const warehouse = findServableReceiver('warehouse')!;
const servers = new Map<string, RunningServer>();

beforeAll(async () => {
  for (const name of ['atomic-receipt', 'tenantless-receipt']) {
    const contract = warehouse.contracts.find((c) => c.name === name)!;
    const dbPath = join(folder, `${name}.db`);
    servers.set(name, await startMcpReceiverServer({ dbPath, servable: warehouse, contract, settings: KEEP_RECEIPTS, nowMs: wallClockMs }));
  }
});
afterAll(async () => {
  for (const server of servers.values()) {
    await server.close();
    expect(await portAcceptsConnections(server.port)).toBe(false);
  }
});

function probe(server: RunningServer, extra: string[] = []) {
  return runCli(
    [
      'probe',
      '--mcp',
      '--tool',
      'reserve',
      '--url',
      `${server.url}/mcp`,
      '--body',
      '{"payload":{"part":"p7","qty":1}}',
      '--count-url',
      `${server.url}/effects?tenant={tenant}&key={key}`,
      '--tenant-arg',
      'tenant',
      '--require-key',
      '--format',
      'json',
      '--out',
      join(folder, 'runs'),
      ...extra,
    ],
    folder,
  );
}

describe('sim probe --mcp: the battery over tools/call, the key in the arguments', () => {
  it('the atomic-receipt write tool passes every clause, its dropped reply included', async () => {
    const run = await probe(servers.get('atomic-receipt')!);
    expect(run.stderr).toBe('');
    const results = JSON.parse(run.stdout) as ProbeResults;
    expect(results.clauses.map((c) => [c.name, c.verdict])).toEqual([
      ['distinct-keys', 'pass'],
      ['sequential-retry', 'pass'],
      ['payload-mismatch', 'pass'],
      ['concurrent-same-key', 'pass'],
      ['dropped-reply-retry', 'pass'],
      ['tenant-scope', 'pass'],
      ['missing-key', 'pass'],
    ]);
    expect(results.clauses.find((c) => c.name === 'dropped-reply-retry')?.observed).toMatch(/service answered 200, reply dropped/);
    expect(run.code).toBe(0);
  });

  it('a tenant-less receipt is convicted on tenant-scope alone', async () => {
    const run = await probe(servers.get('tenantless-receipt')!);
    const results = JSON.parse(run.stdout) as ProbeResults;
    expect(results.clauses.filter((c) => c.verdict === 'fail').map((c) => c.name)).toEqual(['tenant-scope']);
    expect(run.code).toBe(1);
  });

  it('a tool the server does not have, or --mcp without --tool, is bad input', async () => {
    const unknown = await probe(servers.get('atomic-receipt')!, ['--tool', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/has no tool 'nope'; it has reserve/);
    const server = servers.get('atomic-receipt')!;
    const noTool = await runCli(
      ['probe', '--mcp', '--url', `${server.url}/mcp`, '--body', '{}', '--count-url', `${server.url}/effects?key={key}`],
      folder,
    );
    expect(noTool.code).toBe(2);
    expect(noTool.stderr.trim().split('\n')).toHaveLength(1);
  });
});
