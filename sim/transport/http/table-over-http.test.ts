import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PROTOCOLS } from '../../../protocols/reservation/registry.js';
import type { AnyFamily } from '../../engine/run-case.js';
import { reservationFamily } from '../../families/reservation/family.js';
import { runTable, type TableRun } from '../../table/run-table.js';
import { reservationRows } from '../../testing/read-warehouse.js';
import { runCli } from '../../cli/testing/run-cli.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { startHttpTransport, type HttpTransport } from './http-transport.js';
import { portAcceptsConnections } from './server-process.js';

/** The seed's table (DESIGN.md), written out here so the test does not lean on the code's own reference. */
const SEED_TABLE: Record<string, number[]> = {
  'mark-first': [1, 0, 1, 1, 1],
  'outbox-no-dedup': [1, 1, 2, 2, 1],
  'outbox-dedup': [1, 1, 1, 1, 1],
};

const folder = tempFolder('table-http');
const family = reservationFamily as unknown as AnyFamily;
let transport: HttpTransport;
let overHttp: TableRun;
let inProcess: TableRun;

beforeAll(async () => {
  transport = await startHttpTransport();
  const table = (runFolder: string, clientFactory?: HttpTransport['clientFactory']) =>
    runTable({
      family,
      protocols: SEED_PROTOCOLS,
      cutIndexes: [0, 1, 2, 3, 4],
      runFolder,
      expected: {},
      ...(clientFactory ? { caseOptions: { clientFactory } } : {}),
    });
  overHttp = await table(join(folder, 'http'), transport.clientFactory);
  inProcess = await table(join(folder, 'in-process'));
});
afterAll(async () => {
  await transport.close();
  expect(await portAcceptsConnections(transport.proxy.port)).toBe(false);
});

const onDisk = (warehouse: string) =>
  reservationRows(warehouse).filter((row) => row.tenant === 'tenantA' && row.request_key === 'reserve42').length;

describe('sim table over HTTP', () => {
  for (const [protocol, row] of Object.entries(SEED_TABLE)) {
    row.forEach((expected, cut) => {
      it(`${protocol} at cut ${cut}: N=${expected} in the case's warehouse.db, its cut fired, its calls crossed the wire`, () => {
        const cell = overHttp.cells.find((c) => c.protocol === protocol && c.cut.index === cut)!;
        expect(cell.case.cutFired).toBe(true);
        expect(cell.case.error).toBeUndefined();
        const caseFolder = join(folder, 'http', protocol, `cut-${cut}`);
        expect(onDisk(join(caseFolder, 'warehouse.db'))).toBe(expected);
        expect(cell.effects).toBe(expected);
        // Same history, byte for byte, as the same case in-process: the transport changes nothing a protocol sees.
        const history = readFileSync(join(caseFolder, 'history.jsonl'), 'utf8');
        expect(history).toBe(readFileSync(join(folder, 'in-process', protocol, `cut-${cut}`, 'history.jsonl'), 'utf8'));
      });
    });
  }

  it('every receiver call of the 15 cases went through the proxy, and nothing else did', () => {
    const calls = overHttp.cells.reduce((sum, cell) => {
      const history = readFileSync(join(folder, 'http', cell.protocol, `cut-${cell.cut.index}`, 'history.jsonl'), 'utf8');
      return sum + history.split('\n').filter((line) => line.includes('"type":"invoke"') && line.includes('"op":"reserve"')).length;
    }, 0);
    expect(calls).toBeGreaterThanOrEqual(15);
    expect(transport.proxy.events.filter((e) => e.method === 'POST' && e.path === '/reserve')).toHaveLength(calls);
    expect(inProcess.cells.map((c) => c.effects)).toEqual(overHttp.cells.map((c) => c.effects));
  });

  it('the CLI: sim table and sim run --transport http match the reference, exit 0; with --cuts all it is bad input', async () => {
    const run = await runCli(['table', '--transport', 'http', '--format', 'json', '--out', join(folder, 'cli')], folder);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as { resultsFile: string };
    expect(summary).toMatchObject({ verdict: 'pass', effects: SEED_TABLE });
    expect(JSON.parse(readFileSync(join(folder, summary.resultsFile), 'utf8'))).toMatchObject({
      transport: 'http',
      crashMode: 'in-process',
    });
    const one = await runCli(['run', '-p', 'outbox-no-dedup', '-c', '2', '--transport', 'http', '--out', join(folder, 'cli')], folder);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/effects: N=2/);
    const text = await runCli(['table', '-p', 'outbox-dedup', '--transport', 'http', '--out', join(folder, 'cli')], folder);
    expect(text.stdout).toMatch(/crash in-process, over HTTP/);
    const refused = await runCli(['table', '--transport', 'http', '--cuts', 'all', '--out', join(folder, 'cli')], folder);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
  });

  it("a protocol file over HTTP: its isolated case's child starts the transport of its own; the same cells and histories as in process", async () => {
    const fixture = fileURLToPath(new URL('../../testing/fixtures/plain-js-protocol.mjs', import.meta.url));
    const run = async (out: string, ...transport: string[]) => {
      const cli = await runCli(
        ['table', ...transport, '-p', fixture, '--measure-only', '--format', 'json', '--out', join(folder, out)],
        folder,
      );
      expect(cli.code).toBe(0);
      return join(folder, (JSON.parse(cli.stdout) as { runFolder: string }).runFolder);
    };
    const overHttp = await run('file-http', '--transport', 'http');
    const inProcess = await run('file-in-process');
    const results = JSON.parse(readFileSync(join(overHttp, 'results.json'), 'utf8')) as { transport: string };
    expect(results.transport).toBe('http');
    [1, 0, 1, 1, 1].forEach((expected, cut) => {
      const caseFolder = (run: string) => join(run, 'plain-js-mark-first', `cut-${cut}`);
      expect(onDisk(join(caseFolder(overHttp), 'warehouse.db'))).toBe(expected);
      const history = readFileSync(join(caseFolder(overHttp), 'history.jsonl'), 'utf8');
      expect(history).toMatch(/"type":"crash"/);
      expect(history).toBe(readFileSync(join(caseFolder(inProcess), 'history.jsonl'), 'utf8'));
    });
  });
});
