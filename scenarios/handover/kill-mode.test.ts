import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { KillCaseResult } from '../../sim/process/kill-case.js';
import { childrenAlive } from '../../sim/process/children.js';
import type { TableResults } from '../../sim/results/table-results.js';
import { runCli } from '../../sim/cli/testing/run-cli.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { TABLE_INTENTION } from '../../sim/families/handover/workload.js';
import { EXPECTED_TICKETS } from './expected-table.js';

const cwd = tempFolder('handover-kill');

describe('the handover table under SIGKILL', () => {
  it('agrees with in-process mode, cell by cell, each child really killed at its cut', async () => {
    const argv = [
      'table',
      '--family',
      'handover',
      '--protocol',
      'reference-harness',
      '--protocol',
      'enqueue-without-key',
      '--crash-mode',
      'both',
    ];
    const { code, stdout, stderr } = await runCli([...argv, '--out', join(cwd, 'runs')], cwd);
    expect(stderr).toBe('');
    expect(stdout).toContain(
      'crash modes agree: 10/10 cells have the same N and the same n, transfers, replies, early, unanswered in-process and under SIGKILL.',
    );
    expect(code).toBe(0);
    const killFolder = join(cwd, /^run folder: (.*)$/m.exec(stdout)![1]!);
    const results = JSON.parse(readFileSync(join(killFolder, 'results.json'), 'utf8')) as TableResults;
    expect(results.crashMode).toBe('kill');
    for (const cell of results.cells) {
      const db = new Database(join(killFolder, cell.case.files.stores['human-queue']!), { readonly: true });
      const tickets = (db.prepare('SELECT COUNT(*) AS n FROM tickets WHERE intention_id = ?').get(TABLE_INTENTION) as { n: number }).n;
      db.close();
      expect(tickets).toBe(EXPECTED_TICKETS[cell.protocol]![cell.cut.index]);
      const killCase = cell.case as unknown as KillCaseResult;
      expect(killCase.children[0]).toMatchObject({ life: 0, verdict: 'killed-at-cut', signal: 'SIGKILL', code: null });
      expect(killCase.children.at(-1)).toMatchObject({ verdict: 'completed', code: 0, signal: null });
    }
    expect(childrenAlive()).toBe(0);
  }, 120_000);
});
