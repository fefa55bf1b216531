import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { TableResults } from '../../sim/results/table-results.js';
import { runCli } from '../../sim/cli/testing/run-cli.js';
import { printedRow } from '../../sim/cli/testing/table-run.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { EXPECTED_HANDOVER_TABLE } from './expected-table.js';

const cwd = tempFolder('handover-generic-table');

describe('sim table --family handover', () => {
  it('prints tickets (N) and notices per cut, then the invariants, every cell from the cases of results.json', async () => {
    const { code, stdout, stderr } = await runCli(['table', '--family', 'handover', '--out', join(cwd, 'runs')], cwd);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(
      '| protocol / cut         | 0 | 1 | 2 | 3 | 4 | n0 | n1 | n2 | n3 | n4 | transfers | replies | early | unanswered |',
    );
    for (const [protocol, row] of Object.entries(EXPECTED_HANDOVER_TABLE)) {
      const invariants = [row.transfers, row.repliesWhileWithHuman, row.noticesBeforeTicket, row.unansweredAfterReturn];
      expect(printedRow(stdout, protocol)).toEqual([...row.tickets, ...row.notices, ...invariants].map(String));
    }
    expect(stdout).toContain('N = tickets in human-queue.db for the intention after recovery');
    expect(stdout).toContain('35/35 expected cells match the reference table, and 63/63 values of the other columns.');
    const folder = join(cwd, /^run folder: (.*)$/m.exec(stdout)![1]!);
    const results = JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8')) as TableResults;
    expect(results.columns?.map((column) => column.header)).toEqual(['n', 'transfers', 'replies', 'early', 'unanswered']);
    for (const cell of results.cells) {
      expect(cell.case.cutFired).toBe(true);
      expect(cell.case.metrics['notices:c1#1']).toBe(EXPECTED_HANDOVER_TABLE[cell.protocol]!.notices[cell.cut.index]);
    }
    expect(results.columnsCompared).toBe(63);
    expect(results.columnMismatches).toEqual([]);
  }, 60_000);

  it('exits 1 when a notice or an invariant differs from --expect, and prints the diff cell by cell', async () => {
    writeFileSync(
      join(cwd, 'wrong.json'),
      JSON.stringify({ 'reference-harness': { n: [1, 1, 2, 1, 1], replies: 1 }, 'enqueue-without-key': [1, 1, 1, 1, 1] }),
    );
    const argv = ['table', '--family', 'handover', '-p', 'reference-harness', 'enqueue-without-key', '--expect', 'wrong.json'];
    const { code, stdout, stderr } = await runCli([...argv, '--out', join(cwd, 'runs')], cwd);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    // 10 tickets, then 10 notices and 4 + 4 invariants: three differ, each named with its cell.
    expect(stdout).toContain('3 of 28 cells differ from the expected table:');
    expect(stdout).toContain('  enqueue-without-key cut 2 (ticket-enqueued): expected 1, measured 2');
    expect(stdout).toContain('  reference-harness n2 (ticket-enqueued): expected 2, measured 1');
    expect(stdout).toContain('  reference-harness replies (worst of the row): expected 1, measured 0');
    const folder = join(cwd, /^run folder: (.*)$/m.exec(stdout)![1]!);
    const results = JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8')) as TableResults;
    expect(results.verdict).toBe('fail');
    // The measured values the diff names are the cases' own, read back from message-channel.db.
    const cell = results.cells.find((c) => c.protocol === 'reference-harness' && c.cut.index === 2)!;
    expect(cell.case.cutFired).toBe(true);
    const db = new Database(join(folder, cell.case.files.stores['message-channel']!), { readonly: true });
    const notices = db.prepare("SELECT COUNT(*) AS n FROM messages WHERE intention_id = 'c1#1'").get() as { n: number };
    db.close();
    expect(notices.n).toBe(1);
  }, 60_000);

  it('compares a row column only over a whole row: with some cuts it says so and compares the per-cut ones', async () => {
    const argv = ['table', '--family', 'handover', '-p', 'answers-after-handover', '--cut', '3'];
    const { code, stdout } = await runCli([...argv, '--out', join(cwd, 'runs')], cwd);
    expect(code).toBe(0);
    expect(stdout).toContain('1/1 expected cells match the reference table, and 1/1 values of the other columns.');
    expect(stdout).toContain('not compared: transfers, replies, early, unanswered (the worst of a row needs every cut of the family).');
  }, 60_000);

  it.each([
    [
      { 'reference-harness': { tickets: [1, 1, 1, 1, 1] } },
      "names no column 'tickets' (this family has N, n, transfers, replies, early, unanswered)",
    ],
    [{ 'reference-harness': { n: 1 } }, "column 'n' must be 5 non-negative integers, one per cut"],
    [{ 'reference-harness': { replies: [0, 0, 0, 0, 0] } }, "column 'replies' must be one non-negative integer, the worst of the row"],
  ])('a bad column expectation %j is one line, exit 2', async (row, says) => {
    writeFileSync(join(cwd, 'bad.json'), JSON.stringify(row));
    const { code, stdout, stderr } = await runCli(['table', '--family', 'handover', '--expect', 'bad.json', '--out', 'runs'], cwd);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(says);
  });
});
