import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTable } from '../../../entry/index.js';
import { tempFolder } from '../../../sim/testing/temp-folder.js';

const out = tempFolder('handover-own-writes');
const example = (name: string) => join(import.meta.dirname, name);

/** One table of both examples; each cell's tickets are read back from its case's human-queue.db. */
async function tickets() {
  const results = await runTable({
    protocols: [example('state-apart-from-ticket.ts'), example('state-with-ticket.ts')],
    family: 'handover',
    out,
    measureOnly: true,
  });
  return results.cells.map((cell) => {
    const db = new Database(join(results.runFolder, cell.case.files.stores['human-queue']!), { readonly: true });
    try {
      const rows = db.prepare('SELECT summary FROM tickets').all() as { summary: string }[];
      return { protocol: cell.protocol, cut: cell.cut.name, effects: cell.effects, fired: cell.case.cutFired, rows };
    } finally {
      db.close();
    }
  });
}

describe("the handover's writes are the harness's own (writeHandover, enqueueTicket)", () => {
  it('the state and the ticket apart lose the ticket at the cut between; together, one ticket at every cut, sent by the own seam', async () => {
    const cells = await tickets();
    const apart = cells.filter((cell) => cell.protocol === 'state-apart-from-ticket');
    const together = cells.filter((cell) => cell.protocol === 'state-with-ticket');
    // The fault fired at the cut between the two transactions, and no queue ever got a ticket.
    expect(apart.find((cell) => cell.cut === 'state-committed')).toMatchObject({ fired: true, effects: 0, rows: [] });
    expect(apart.filter((cell) => cell.cut !== 'state-committed').map((cell) => cell.rows.length)).toEqual([1, 1, 1, 1]);
    expect(together.map((cell) => cell.effects)).toEqual([1, 1, 1, 1, 1]);
    expect(together.every((cell) => cell.fired)).toBe(true);
    // The ticket went out through the harness's own enqueueTicket: the reason in front of the summary.
    for (const cell of together) expect(cell.rows).toEqual([{ summary: expect.stringMatching(/^\[[a-z_]+\] \S/) }]);
  }, 120_000);
});
