import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TableResults } from '../results/table-results.js';
import { reservationRows } from '../testing/read-warehouse.js';
import { runCli } from '../cli/testing/run-cli.js';
import { historyEvents, receiverServersAlive } from '../testing/run-files.js';
import { tempFolder } from '../testing/temp-folder.js';
import { childrenAlive } from './children.js';
import type { KillCaseResult } from './kill-case.js';

/** The seed's table (DESIGN.md), written out here so the test does not lean on the code's own reference. */
const SEED_TABLE: Record<string, number[]> = {
  'mark-first': [1, 0, 1, 1, 1],
  'outbox-no-dedup': [1, 1, 2, 2, 1],
  'outbox-dedup': [1, 1, 1, 1, 1],
};

const cwd = tempFolder('kill-http');

describe('kill mode over HTTP', () => {
  it('the client SIGKILLed at each cut, the server process serving on: 15/15 cells as in process, read from warehouse.db', async () => {
    const { code, stdout, stderr } = await runCli(
      ['table', '--crash-mode', 'both', '--transport', 'http', '--out', join(cwd, 'runs')],
      cwd,
    );
    expect(stderr).toBe('');
    expect(stdout).toContain('crash modes agree: 15/15 cells');
    expect(code).toBe(0);

    const killFolder = join(cwd, /^run folder: (.*)$/m.exec(stdout)![1]!);
    const results = JSON.parse(readFileSync(join(killFolder, 'results.json'), 'utf8')) as TableResults;
    expect(results).toMatchObject({ crashMode: 'kill', transport: 'http' });
    expect(results.cells).toHaveLength(15);
    for (const cell of results.cells) {
      const killCase = cell.case as unknown as KillCaseResult;
      const rows = reservationRows(join(killFolder, cell.case.files.stores['warehouse']!));
      expect(rows.filter((row) => row.tenant === 'tenantA' && row.request_key === 'reserve42')).toHaveLength(
        SEED_TABLE[cell.protocol]![cell.cut.index]!,
      );
      // The client's attempt died by a SIGKILL the parent did not send, at this cut.
      expect(killCase.children[0]).toMatchObject({ life: 0, verdict: 'killed-at-cut', signal: 'SIGKILL', code: null });
      expect(killCase.children.at(-1)).toMatchObject({ verdict: 'completed', code: 0 });
      const history = historyEvents(join(killFolder, cell.case.files.history));
      expect(history.filter((event) => event.life === 0).at(-1)).toMatchObject({ type: 'crash', op: cell.cut.name });
      // One server process served every life (none died, none was restarted), and every write of every life reached it.
      const sends = history.filter((event) => event.type === 'invoke' && event.op === 'reserve').length;
      expect(killCase.servers).toEqual([{ receiver: 'warehouse', started: 1, deaths: [], writes: sends }]);
    }
    // Recovery reached the server the killed attempt left behind: where the attempt died before sending, recovery sent.
    const recovered = results.cells.find((cell) => cell.protocol === 'outbox-dedup' && cell.cut.name === 'intent-recorded')!;
    expect((recovered.case as unknown as KillCaseResult).servers?.[0]?.writes).toBe(1);
    expect(childrenAlive()).toBe(0);
    expect(receiverServersAlive()).toEqual([]);
  }, 300_000);

  it('a family whose receivers have no server of their own is refused in one line, nothing written', async () => {
    const run = await runCli(
      ['table', '--family', 'handover', '--crash-mode', 'kill', '--transport', 'http', '--out', join(cwd, 'refused')],
      cwd,
    );
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/no server of its own/);
  });
});
