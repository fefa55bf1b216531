import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TableResults } from '../results/table-results.js';
import { reservationRows } from '../testing/read-warehouse.js';
import { runCli } from '../cli/testing/run-cli.js';
import { historyEvents, receiverServersAlive } from '../testing/run-files.js';
import { tempFolder } from '../testing/temp-folder.js';
import type { ServerKillCaseResult } from './server-kill-table.js';

/**
 * The server killed between its commit and its reply, written out: a
 * receipt turns the client's retry into a replay (N=1), no receipt applies
 * it again (N=2); mark-first never retries, and its one effect stands.
 */
const EXPECTED: Record<string, number> = { 'mark-first': 1, 'outbox-no-dedup': 2, 'outbox-dedup': 1 };

const cwd = tempFolder('server-kill');

describe('sim table --transport http --crash-mode server-kill', () => {
  it('each server dies by its own SIGKILL after its commit, is restarted on the same file; atomic receipt N=1, no receipt N=2', async () => {
    const run = await runCli(
      ['table', '--transport', 'http', '--crash-mode', 'server-kill', '--format', 'json', '--out', join(cwd, 'runs')],
      cwd,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const folder = join(cwd, (JSON.parse(run.stdout) as { runFolder: string }).runFolder);
    const results = JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8')) as TableResults;
    expect(results).toMatchObject({ crashMode: 'server-kill', transport: 'http', verdict: 'pass' });
    expect(results.cells.map((cell) => [cell.protocol, cell.cut.name])).toEqual(
      Object.keys(EXPECTED).map((protocol) => [protocol, 'server-killed']),
    );
    for (const cell of results.cells) {
      const stored = cell.case as unknown as ServerKillCaseResult;
      const rows = reservationRows(join(folder, stored.files.stores['warehouse']!));
      expect(
        rows.filter((row) => row.tenant === 'tenantA' && row.request_key === 'reserve42'),
        cell.protocol,
      ).toHaveLength(EXPECTED[cell.protocol]!);
      // The fault fired: the first server died by the SIGKILL it sent itself, a second one served on the same file.
      expect(stored.servers).toHaveLength(1);
      expect(stored.servers[0]).toMatchObject({ receiver: 'warehouse', started: 2, deaths: [{ signal: 'SIGKILL', code: null }] });
      const history = historyEvents(join(folder, stored.files.history));
      const sends = history.filter((event) => event.type === 'invoke' && event.op === 'reserve');
      expect(stored.servers[0]!.writes).toBe(sends.length);
      // The client lost the first answer, the outcome unknown to it, and did not crash.
      expect(history.find((event) => event.op === 'reserve' && event.type !== 'invoke')).toMatchObject({ type: 'info' });
      expect(history.some((event) => event.type === 'crash')).toBe(false);
    }
    // The retry of outbox-dedup met the restarted server's receipt: a replay.
    const dedup = results.cells.find((cell) => cell.protocol === 'outbox-dedup')!;
    const replies = historyEvents(join(folder, dedup.case.files.history)).filter((event) => event.op === 'reserve' && event.type === 'ok');
    expect(replies.at(-1)?.value).toMatchObject({ replayed: true });
    expect(receiverServersAlive()).toEqual([]);
  }, 120_000);

  it('without --transport http, or with a column of its own asked for, it is bad input: one line, nothing written', async () => {
    for (const extra of [[], ['--transport', 'http', '--cut', '2']]) {
      const out = join(cwd, `refused-${extra.length}`);
      const run = await runCli(['table', '--crash-mode', 'server-kill', ...extra, '--out', out], cwd);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    }
  });
});
