import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TableResults } from '../../sim/results/table-results.js';
import { runCli } from '../../sim/testing/run-cli.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { EXPECTED_HANDOVER_TABLE } from './expected-table.js';

const cwd = tempFolder('handover-generic-table');

function cells(stdout: string, protocol: string): string[] {
  const line = stdout.split('\n').find((candidate) => candidate.startsWith(`| ${protocol} `));
  return (line ?? '')
    .split('|')
    .slice(2, -1)
    .map((cell) => cell.trim());
}

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
      expect(cells(stdout, protocol)).toEqual([...row.tickets, ...row.notices, ...invariants].map(String));
    }
    expect(stdout).toContain('N = tickets in human-queue.db for the intention after recovery');
    expect(stdout).toContain('35/35 expected cells match the reference table.');
    const folder = join(cwd, /^run folder: (.*)$/m.exec(stdout)![1]!);
    const results = JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8')) as TableResults;
    expect(results.columns?.map((column) => column.header)).toEqual(['n', 'transfers', 'replies', 'early', 'unanswered']);
    for (const cell of results.cells) {
      expect(cell.case.cutFired).toBe(true);
      expect(cell.case.metrics['notices:c1#1']).toBe(EXPECTED_HANDOVER_TABLE[cell.protocol]!.notices[cell.cut.index]);
    }
  }, 60_000);
});
