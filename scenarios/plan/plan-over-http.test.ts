import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_PROTOCOLS } from '../../protocols/plan/catalogue.js';
import type { AnyFamily } from '../../sim/engine/run-case.js';
import { planFamily } from '../../sim/families/plan/plan-family.js';
import { runTable, type TableCell, type TableRun } from '../../sim/table/run-table.js';
import { runCli } from '../../sim/cli/testing/run-cli.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { startHttpTransport, type HttpTransport } from '../../sim/transport/http/http-transport.js';
import { portAcceptsConnections } from '../../sim/transport/http/server-process.js';
import { EXPECTED_PLAN_TABLE } from './expected-table.js';

/**
 * The plan family over a real wire: every tool call of the loop crosses
 * fetch, the fault proxy and a node:http server on 127.0.0.1, where the
 * tool server's contract and its front door (call log, token bucket, slow
 * tools) run on the case's tool-server.db. The table must agree with the
 * in-process table cell by cell, and the tool server's file must hold the
 * same rows either way.
 */
const folder = tempFolder('plan-http');
const protocols = PLAN_PROTOCOLS.map((entry) => entry.protocol).filter((protocol) => protocol.name in EXPECTED_PLAN_TABLE);
const TOOL_APPLIED = planFamily.cuts.findIndex((cut) => cut.name === 'tool-applied');
let transport: HttpTransport;
let overHttp: TableRun;
let inProcess: TableRun;

beforeAll(async () => {
  transport = await startHttpTransport();
  const table = (runFolder: string, clientFactory?: HttpTransport['clientFactory']) =>
    runTable({
      family: planFamily as unknown as AnyFamily,
      protocols,
      cutIndexes: planFamily.cuts.map((_, index) => index),
      runFolder,
      expected: EXPECTED_PLAN_TABLE,
      ...(clientFactory ? { caseOptions: { clientFactory } } : {}),
    });
  overHttp = await table(join(folder, 'http'), transport.clientFactory);
  inProcess = await table(join(folder, 'in-process'));
}, 120_000);
afterAll(async () => {
  await transport.close();
  expect(await portAcceptsConnections(transport.proxy.port)).toBe(false);
});

/** Every row of the tool server's tables, read with a connection of the test's own. */
function toolServerRows(cell: TableCell): Record<string, unknown[]> {
  const db = new Database(cell.case.files.stores['tool-server'] as string, { readonly: true });
  try {
    const tables = ['writes', 'files', 'gate_runs', 'calls', 'bucket', 'rate_windows', 'receipts'];
    return Object.fromEntries(tables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()]));
  } finally {
    db.close();
  }
}

function writesOf(rows: Record<string, unknown[]>): number {
  return (rows['writes'] as { intention_id: string }[]).filter((row) => row.intention_id === planFamily.tableIntention).length;
}

const cellOf = (run: TableRun, protocol: string, cut: number) => run.cells.find((c) => c.protocol === protocol && c.cut.index === cut)!;

describe('plan table over HTTP: the seed plan crashed during its edit step, every tool call on the wire', () => {
  for (const [protocol, row] of Object.entries(EXPECTED_PLAN_TABLE)) {
    row.forEach((expected, cut) => {
      it(`${protocol} at ${planFamily.cuts[cut]?.name}: N=${expected} in tool-server.db, the cut fired, the same rows and history as in process`, () => {
        const wire = cellOf(overHttp, protocol, cut);
        const local = cellOf(inProcess, protocol, cut);
        expect(wire.case.error).toBeUndefined();
        expect(wire.case.cutFired).toBe(true);
        const rows = toolServerRows(wire);
        expect(writesOf(rows)).toBe(expected);
        expect(wire.effects).toBe(expected);
        expect(wire.case.metrics['calls']).toBe(local.case.metrics['calls']);
        expect(rows['calls']!.length).toBe(wire.case.metrics['calls']);
        // The front door ran server-side on the same virtual clock: the log, the bucket and every write are the same rows.
        expect(rows).toEqual(toolServerRows(local));
        expect(readFileSync(wire.case.files.history, 'utf8')).toBe(readFileSync(local.case.files.history, 'utf8'));
      });
    });
  }

  it('measures the table with no mismatch, and every call crossed the proxy', () => {
    expect(overHttp.mismatches).toEqual([]);
    const toolCalls = overHttp.cells.reduce((sum, cell) => sum + (cell.case.metrics['calls'] ?? 0), 0);
    const proxied = transport.proxy.events.filter((event) => event.method === 'POST');
    expect(toolCalls).toBeGreaterThan(100);
    expect(proxied).toHaveLength(toolCalls);
  });

  it('a crash at tool-applied is a reply the proxy lost on the wire, after the server committed the write', () => {
    const dropped = transport.proxy.events.filter((event) => event.fault === 'drop-reply');
    // One per protocol: the edit step's write, committed (201), its reply lost because the caller died at the cut.
    expect(dropped).toHaveLength(protocols.length);
    for (const event of dropped) expect(event).toMatchObject({ method: 'POST', path: '/write_file', upstreamStatus: 201 });
    for (const protocol of protocols) {
      const history = readFileSync(cellOf(overHttp, protocol.name, TOOL_APPLIED).case.files.history, 'utf8');
      expect(history).toContain('"type":"crash","op":"tool-applied"');
      expect(history).toContain('"reply lost in crash"');
    }
  });
});

describe('the plan family over HTTP from the CLI', () => {
  // Every row of the reference table over HTTP is judged above, in process: here, a correct row and a flawed one through `sim table`.
  it('sim table --family plan --transport http: the reference rows, exit 0, results.json says http', async () => {
    const protocols = ['checkpoint-after-step', 'tool-without-key'];
    const run = await runCli(
      ['table', '--family', 'plan', '-p', ...protocols, '--transport', 'http', '--format', 'json', '--out', join(folder, 'cli')],
      folder,
    );
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as { resultsFile: string; verdict: string; effects: Record<string, number[]> };
    expect(summary.verdict).toBe('pass');
    expect(summary.effects).toEqual(Object.fromEntries(protocols.map((protocol) => [protocol, EXPECTED_PLAN_TABLE[protocol]])));
    expect(JSON.parse(readFileSync(join(folder, summary.resultsFile), 'utf8'))).toMatchObject({ transport: 'http', family: 'plan' });
  }, 120_000);

  it('kill mode over HTTP: the tool server in a process of its own keeps its call log across the SIGKILLed lives', async () => {
    const run = await runCli(
      [
        'table',
        '--family',
        'plan',
        '--crash-mode',
        'kill',
        '--transport',
        'http',
        '-p',
        'checkpoint-after-step',
        'tool-without-key',
        '--format',
        'json',
        '--out',
        join(folder, 'kill'),
      ],
      folder,
    );
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as { runFolder: string; effects: Record<string, number[]> };
    expect(summary.effects).toEqual({
      'checkpoint-after-step': EXPECTED_PLAN_TABLE['checkpoint-after-step'],
      'tool-without-key': EXPECTED_PLAN_TABLE['tool-without-key'],
    });
    const caseFolder = join(folder, summary.runFolder, 'tool-without-key', `cut-${TOOL_APPLIED}`);
    const db = new Database(join(caseFolder, 'tool-server.db'), { readonly: true });
    try {
      const lives = db.prepare('SELECT DISTINCT life FROM calls ORDER BY life').all() as { life: number }[];
      expect(lives.map((row) => row.life)).toEqual([0, 1]);
      expect(db.prepare('SELECT count(*) AS n FROM writes WHERE intention_id = ?').get(planFamily.tableIntention)).toEqual({ n: 2 });
    } finally {
      db.close();
    }
    expect(readFileSync(join(caseFolder, 'history.jsonl'), 'utf8')).toContain('"type":"crash","op":"tool-applied"');
  }, 180_000);

  it('sim check --family plan --transport http: a property holds and a control is found, its replay line keeps the transport', async () => {
    const run = await runCli(
      [
        'check',
        '--family',
        'plan',
        'writes-once',
        'finds-unkeyed-duplicate',
        '--runs',
        '30',
        '--seed',
        '7',
        '--transport',
        'http',
        '--out',
        join(folder, 'cli'),
      ],
      folder,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/✓ writes-once +held/);
    expect(run.stdout).toMatch(/✓ finds-unkeyed-duplicate +found .*duplicate/);
    expect(run.stdout).toMatch(/replay: npx sim check --family plan finds-unkeyed-duplicate .* --transport http$/m);
  }, 120_000);

  it('sim explore --family plan --transport http: the keyless tool is found writing twice, as in process', async () => {
    const explore = (...transport: string[]) =>
      runCli(['explore', '--family', 'plan', '-p', 'tool-without-key', ...transport, '--out', join(folder, 'cli')], folder);
    const wire = await explore('--transport', 'http');
    const local = await explore();
    expect(wire.code).toBe(local.code);
    expect(wire.stdout).toMatch(/duplicate: \d+ schedules.*written 2 times/);
    const verdicts = (text: string) => text.split('\n').filter((line) => /schedules|duplicate/.test(line) && !/ in [\d.]+ s/.test(line));
    expect(verdicts(wire.stdout)).toEqual(verdicts(local.stdout).map((line) => line.replace(/--out/, '--transport http --out')));
  }, 120_000);
});
