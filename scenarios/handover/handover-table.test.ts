import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { handoverFamily } from '../../sim/families/handover/family.js';
import { runCase, type AnyFamily } from '../../sim/engine/run-case.js';
import { TABLE_INTENTION } from '../../sim/families/handover/workload.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { runTable } from '../../sim/table/run-table.js';
import { EXPECTED_HANDOVER_COLUMNS, EXPECTED_HANDOVER_TABLE, EXPECTED_TICKETS } from './expected-table.js';

const root = tempFolder('handover-table');
const HOUR_MS = 3_600_000;
const cuts = handoverFamily.cuts.map((cut) => cut.name);
const cases = Object.entries(EXPECTED_HANDOVER_TABLE).flatMap(([protocol, row]) =>
  cuts.map((cut, index) => ({ protocol, cut, index, tickets: row.tickets[index], notices: row.notices[index] })),
);

/** Where the table puts a case: `<protocol>/cut-<n>/` in the run folder, as every family's table does. */
function caseFolder(runFolder: string, protocol: string, cut: string): string {
  return join(runFolder, protocol, `cut-${cuts.indexOf(cut)}`);
}

/** Counts straight from a case's files, with a connection of the test's own. */
function countOnDisk(path: string, sql: string, ...params: string[]): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare(sql).get(...params) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('the handover table, every cell measured from the files', () => {
  it('has 35 cases: seven protocols, five cuts', () => expect(cases).toHaveLength(35));

  it.each(cases)(
    '$protocol: crash at $cut leaves $tickets ticket(s) and $notices notice(s)',
    async ({ protocol, cut, index, tickets, notices }) => {
      const entry = handoverFamily.protocols.find((candidate) => candidate.protocol.name === protocol);
      const folder = caseFolder(root, protocol, cut);
      const result = await runCase({
        family: handoverFamily as unknown as AnyFamily,
        protocol: entry!.protocol,
        cut: { index, name: cut },
        folder,
      });

      expect(result.error).toBeUndefined();
      expect(countOnDisk(join(folder, 'human-queue.db'), 'SELECT COUNT(*) AS n FROM tickets WHERE intention_id = ?', TABLE_INTENTION)).toBe(
        tickets,
      );
      expect(
        countOnDisk(join(folder, 'message-channel.db'), 'SELECT COUNT(*) AS n FROM messages WHERE intention_id = ?', TABLE_INTENTION),
      ).toBe(notices);
      // The fault fired: the crash was injected at this cut in the first attempt, inside the nurse's handover
      // (09:00 to 09:10 on the virtual clock), or at the operator's return (09:30) for operator-resolved.
      expect(result.cutFired).toBe(true);
      expect(result.lives[0]).toMatchObject({ index: 0, ended: 'crashed', crash: { cut } });
      expect(result.lives.at(-1)?.ended).toBe('completed');
      const crashes = readFileSync(join(folder, 'history.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { type: string; life: number; op: string; atMs: number })
        .filter((event) => event.type === 'crash');
      // ... inside the nurse's handover (09:00 to 09:10 on the virtual clock), or at the operator's return (09:30).
      const crashAtMs = crashes[0]?.atMs ?? -1;
      if (cut === 'operator-resolved') expect(crashAtMs).toBe(9.5 * HOUR_MS);
      else {
        expect(crashAtMs).toBeGreaterThanOrEqual(9 * HOUR_MS);
        expect(crashAtMs).toBeLessThan(9 * HOUR_MS + 600_000);
      }
      expect(crashes).toEqual([expect.objectContaining({ life: 0, op: cut })]);
    },
  );

  it('the generic table compares the notice and invariant columns with the expected ones, and finds none differing', async () => {
    const run = await runTable({
      family: handoverFamily as unknown as AnyFamily,
      protocols: handoverFamily.protocols.map((entry) => entry.protocol),
      cutIndexes: cuts.map((_, index) => index),
      runFolder: join(root, 'whole'),
      expected: EXPECTED_TICKETS,
      expectedColumns: EXPECTED_HANDOVER_COLUMNS,
    });
    expect(run.cells.every((cell) => cell.case.cutFired)).toBe(true);
    expect(run.mismatches).toEqual([]);
    // Seven rows: five notices each (per cut), then four invariants each (the worst of the row).
    expect(run.columns).toEqual({ compared: 7 * 5 + 7 * 4, mismatches: [], skippedRowColumns: [] });
    // The same expectation with one value changed is found, at its cell.
    const wrong = { ...EXPECTED_HANDOVER_COLUMNS, 'reference-harness': { ...EXPECTED_HANDOVER_COLUMNS['reference-harness'], replies: 1 } };
    const again = await runTable({
      family: handoverFamily as unknown as AnyFamily,
      protocols: [handoverFamily.protocols[0]!.protocol],
      cutIndexes: cuts.map((_, index) => index),
      runFolder: join(root, 'wrong'),
      expected: EXPECTED_TICKETS,
      expectedColumns: wrong,
    });
    expect(again.columns.mismatches).toEqual([{ protocol: 'reference-harness', column: 'replies', expected: 1, measured: 0 }]);
    // The flaws the table shows, straight from the files of the case that shows each.
    const file = (protocol: string, cut: string, store: string) => join(caseFolder(join(root, 'whole'), protocol, cut), `${store}.db`);
    expect(
      countOnDisk(
        file('answers-after-handover', 'user-notified', 'message-channel'),
        "SELECT COUNT(*) AS n FROM messages WHERE kind = 'reply' AND event_id = 'e2'",
      ),
    ).toBe(1);
    expect(
      countOnDisk(
        file('reference-harness', 'user-notified', 'message-channel'),
        "SELECT COUNT(*) AS n FROM messages WHERE kind = 'reply' AND event_id = 'e2'",
      ),
    ).toBe(0);
    expect(
      countOnDisk(
        file('reset-forgotten', 'operator-resolved', 'message-channel'),
        "SELECT COUNT(*) AS n FROM messages WHERE event_id = 'e4'",
      ),
    ).toBe(0);
    expect(
      countOnDisk(
        file('reference-harness', 'operator-resolved', 'message-channel'),
        "SELECT COUNT(*) AS n FROM messages WHERE event_id = 'e4'",
      ),
    ).toBe(1);
  }, 120_000);
});
