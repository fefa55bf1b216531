import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reservationRows } from '../testing/read-warehouse.js';
import { runCli } from './testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';
import { portAcceptsConnections, startServerProcess } from '../transport/http/server-process.js';
import { McpReceiverClient } from '../transport/mcp/mcp-receiver-client.js';
import { HttpReceiverClient } from '../transport/http/http-receiver-client.js';

const folder = tempFolder('serve');
const bin = fileURLToPath(new URL('../../dist/entry/sim.js', import.meta.url));

describe('sim serve', () => {
  it('port 0 prints the chosen port, serves the Idempotency-Key contract, and SIGTERM closes it cleanly', async () => {
    const db = join(folder, 'warehouse.db');
    const server = await startServerProcess(process.execPath, [
      bin,
      'serve',
      '--receiver',
      'warehouse',
      '--contract',
      'atomic-receipt',
      '--db',
      db,
      '--port',
      '0',
    ]);
    try {
      const post = () =>
        fetch(`http://127.0.0.1:${server.port}/reserve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'k1', 'x-tenant': 'tA' },
          body: '{"part":"p7","qty":1}',
        });
      expect((await post()).status).toBe(201);
      const again = await post();
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const oracle = await fetch(`http://127.0.0.1:${server.port}/effects?tenant=tA&key=k1`);
      expect(await oracle.json()).toEqual({ count: 1 });
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.stderr()).toMatch(/closed on SIGTERM/);
    expect(await portAcceptsConnections(server.port)).toBe(false);
    expect(reservationRows(db)).toHaveLength(1);
  });

  it('--mcp serves the same receiver as an MCP write tool; two calls with one key leave one effect', async () => {
    const db = join(folder, 'mcp-warehouse.db');
    const args = [bin, 'serve', '--receiver', 'warehouse', '--contract', 'atomic-receipt', '--db', db, '--port', '0', '--mcp'];
    const server = await startServerProcess(process.execPath, args);
    const client = new McpReceiverClient({ url: `http://127.0.0.1:${server.port}/mcp`, timeoutMs: 5_000 });
    try {
      const request = { tenant: 'tA', key: 'm1', kind: 'reserve', payload: { part: 'p7', qty: 1 }, issuedAtMs: 0, intentionId: 'tA:m1' };
      expect(await client.send(request)).toMatchObject({ status: 'ok', replayed: false });
      expect(await client.send(request)).toMatchObject({ status: 'ok', replayed: true });
    } finally {
      await client.close();
      expect(await server.stop()).toBe(0);
    }
    expect(await portAcceptsConnections(server.port)).toBe(false);
    expect(reservationRows(db)).toHaveLength(1);
  });

  it('--kill-after-commit: the server dies between commit and reply; served again on its file, a retry replays (atomic) or applies twice (no-receipt)', async () => {
    for (const [contract, effectsAfterRetry] of [
      ['atomic-receipt', 1],
      ['no-receipt', 2],
    ] as const) {
      const db = join(folder, `killed-${contract}.db`);
      const args = (...extra: string[]) => [
        bin,
        'serve',
        '--receiver',
        'warehouse',
        '--contract',
        contract,
        '--db',
        db,
        '--port',
        '0',
        ...extra,
      ];
      const request = { tenant: 'tA', key: 'k1', kind: 'reserve', payload: { part: 'p7', qty: 1 }, issuedAtMs: 0, intentionId: 'tA:k1' };
      const dying = await startServerProcess(process.execPath, args('--kill-after-commit', '1'));
      expect(await new HttpReceiverClient({ baseUrl: `http://127.0.0.1:${dying.port}`, timeoutMs: 5_000 }).send(request)).toEqual({
        status: 'no-reply',
      });
      expect(await dying.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(reservationRows(db)).toHaveLength(1);
      const restarted = await startServerProcess(process.execPath, args());
      try {
        const retry = await new HttpReceiverClient({ baseUrl: `http://127.0.0.1:${restarted.port}`, timeoutMs: 5_000 }).send(request);
        expect(retry).toMatchObject({ status: 'ok', replayed: contract === 'atomic-receipt' });
      } finally {
        expect(await restarted.stop()).toBe(0);
      }
      expect(await portAcceptsConnections(restarted.port)).toBe(false);
      expect(reservationRows(db)).toHaveLength(effectsAfterRetry);
    }
  });

  it('bad input is one line and exit 2, with nothing written', async () => {
    const cases = [
      ['--receiver', 'nope', '--contract', 'atomic-receipt', '--db', join(folder, 'a.db')],
      ['--receiver', 'warehouse', '--contract', 'nope', '--db', join(folder, 'a.db')],
      ['--receiver', 'warehouse', '--contract', 'atomic-receipt', '--db', join(folder, 'no-such-folder', 'a.db')],
      ['--receiver', 'warehouse', '--contract', 'atomic-receipt', '--db', join(folder, 'a.db'), '--port', '70000'],
      ['--receiver', 'warehouse', '--contract', 'atomic-receipt', '--db', join(folder, 'a.db'), '--closed-window'],
      // A header no client can send: the server would never see a tenant.
      ['--receiver', 'warehouse', '--contract', 'atomic-receipt', '--db', join(folder, 'a.db'), '--tenant-header', 'x tenant'],
      // Over MCP the tenant and the key are the tool's arguments: these options would be ignored without a word.
      ['--receiver', 'warehouse', '--contract', 'atomic-receipt', '--db', join(folder, 'a.db'), '--mcp', '--tenant-header', 'X-T'],
      ['--receiver', 'warehouse', '--contract', 'atomic-receipt', '--db', join(folder, 'a.db'), '--mcp', '--no-require-key'],
    ];
    for (const args of cases) {
      const run = await runCli(['serve', ...args], folder);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stdout).toBe('');
    }
    expect(existsSync(join(folder, 'a.db'))).toBe(false);
  });

  it('a --db that is a folder, a device or not a database says so in a sentence, and the file is left as it was', async () => {
    const garbage = join(folder, 'garbage.db');
    writeFileSync(garbage, 'not sqlite at all, and long enough to be read as a header '.repeat(20));
    mkdirSync(join(folder, 'a-folder.db'));
    const cases: [string, RegExp][] = [
      [join(folder, 'a-folder.db'), /is a folder: give the receiver's SQLite file/],
      ['/dev/zero', /is not a regular file \(a named pipe, a device or a socket\)/],
      [garbage, /: file is not a database \(SQLITE_NOTADB\)$/],
    ];
    for (const [db, says] of cases) {
      const run = await runCli(['serve', '--receiver', 'warehouse', '--contract', 'atomic-receipt', '--db', db], folder);
      expect({ db, code: run.code }).toEqual({ db, code: 2 });
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr.trim()).toMatch(says);
    }
    expect(readFileSync(garbage, 'utf8')).toBe('not sqlite at all, and long enough to be read as a header '.repeat(20));
  });
});
