import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyFamily } from '../sim/engine/run-case.js';
import { findFamily } from '../sim/families/loaded.js';
import { writeJsonAtomic } from '../sim/results/run-folder.js';
import { tableResults, type TableResults } from '../sim/results/table-results.js';
import { runTable } from '../sim/table/run-table.js';
import { tempFolder } from '../sim/testing/temp-folder.js';
import { effectsChartConfig } from './effects-chart.js';
import { writeReports } from './write-reports.js';

const root = tempFolder('family-reports');

/** A small table of one family run in process, its results.json written, then the reports drawn from it as `sim report` does. */
async function reportsOf(familyName: string, protocol: string, cutIndexes: number[]) {
  const family = (await findFamily(familyName)) as AnyFamily;
  const entry = family.protocols.find((candidate) => candidate.protocol.name === protocol)!;
  const runFolder = join(root, familyName);
  const run = await runTable({ family, protocols: [entry.protocol], cutIndexes, runFolder, expected: {} });
  const results: TableResults = tableResults({
    run,
    runId: `test-${familyName}`,
    runFolder,
    startedAt: '2026-12-01T00:00:00.000Z',
    family,
    protocols: [entry.protocol],
    cutIndexes,
    totalMs: 0,
  });
  writeJsonAtomic(join(runFolder, 'results.json'), results);
  const written = await writeReports(runFolder);
  return {
    results,
    table: readFileSync(written.files.table, 'utf8'),
    html: readFileSync(written.files.html, 'utf8'),
    chart: JSON.stringify(effectsChartConfig(results)),
  };
}

describe("reports say what the run's family counts, never another family's words", () => {
  it("a handover table: tickets in human-queue.db, both receivers' contracts, the other columns, the conversation of each case", async () => {
    const { results, table, html, chart } = await reportsOf('handover', 'enqueue-without-key', [2, 3]);
    expect(results.cells.every((cell) => cell.case.cutFired)).toBe(true);
    // The duplicate ticket of the crash at ticket-enqueued is what every report shows.
    expect(results.cells.map((cell) => cell.effects)).toEqual([2, 1]);
    for (const text of [table, html, chart]) {
      expect(text).toContain('tickets in human-queue.db');
      expect(text).not.toMatch(/warehouse|reservation/);
    }
    expect(table).toContain('| enqueue-without-key | 2 | 1 | 1 | 1 | 1 | 0 | 0 | 0 |');
    expect(table).toContain('n2-n3: notices to the user in message-channel.db for c1#1.');
    expect(html).toContain('<th scope="col" class="column">replies</th>');
    expect(html).toContain('human-queue contract <code>');
    expect(html).toContain('message-channel contract <code>');
    expect(html).toContain('unanswered: user messages after the operator&#39;s return left unanswered (0)');
    // The case panel's conversation, read from the case's stores: both tickets of the duplicate, and the crash between them.
    const data = JSON.parse(/<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html)![1]!) as {
      cases: Record<string, { view: string[] | null }>;
    };
    const view = data.cases['enqueue-without-key/cut-2']!.view!;
    const at = (text: string) => view.findIndex((line) => line.includes(text));
    expect(at('ticket #1 committed for handover c1#1')).toBeGreaterThanOrEqual(0);
    expect(at('ticket #1 committed')).toBeLessThan(at('✗ CRASH at ticket-enqueued'));
    expect(at('✗ CRASH at ticket-enqueued')).toBeLessThan(at('ticket #2 committed for handover c1#1'));
    expect(at('[active: human_nurse]')).toBeGreaterThanOrEqual(0);
    expect(at('notice sent to the user')).toBeGreaterThan(at('ticket #2 committed'));
  }, 120_000);

  it("a plan table: writes rows in tool-server.db, its own receiver's contract, no case view of its own", async () => {
    const { results, table, html, chart } = await reportsOf('plan', 'tool-without-key', [1]);
    expect(results.cells[0]?.case.cutFired).toBe(true);
    for (const text of [table, html, chart]) {
      expect(text).toContain('writes rows in tool-server.db');
      expect(text).not.toMatch(/warehouse|reservation|human-queue/);
    }
    expect(html).toMatch(/tool-server contract <code>/);
    expect(html).toContain('"view":null');
  }, 120_000);
});
