import { DEFAULT_HANDOVER_SETTINGS } from '../../sim/handover/workload.js';
import type { HandoverTable } from './handover-table.js';

/**
 * The handover table as aligned text: tickets (N) and notices of the nurse's
 * handover at each cut, then the invariants, each the worst of its row's cases.
 */
export function handoverTableText(table: HandoverTable): string {
  const cap = DEFAULT_HANDOVER_SETTINGS.transfersMax;
  const header = [
    'protocol / cut',
    ...table.cuts.map((_, index) => `t${index}`),
    ...table.cuts.map((_, index) => `n${index}`),
    `transfers ≤ ${cap}`,
    'replies while with a person',
    'notices before ticket',
    'unanswered after return',
  ];
  const body = table.rows.map((row) => [
    row.protocol,
    ...row.measured.tickets.map(String),
    ...row.measured.notices.map(String),
    String(row.measured.transfers),
    String(row.measured.repliesWhileWithHuman),
    String(row.measured.noticesBeforeTicket),
    String(row.measured.unansweredAfterReturn),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((cells) => (cells[column] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : '-'.repeat(width + 1) + ':')).join('|')}|`;
  const legend = [
    `cuts: ${table.cuts.map((cut, index) => `${index} ${cut}`).join(' · ')}`,
    't = tickets in human-queue.db for handover c1#1 (N: 1 right, 0 lost, 2 duplicate); n = notices for it in message-channel.db.',
    'invariants (worst of the five cases): agent transfers of a conversation (cap 3); agent replies sent between the ticket and the',
    "operator's return; notices sent before their ticket existed; user messages after the return that got no answer.",
  ];
  const compared = table.rows.filter((row) => row.expected).length * (table.cuts.length * 2 + 4);
  const verdict =
    table.problems.length > 0
      ? [`${table.problems.length} problems:`, ...table.problems.map((problem) => `  ${problem}`)]
      : compared === 0
        ? ['no expected rows for this model or graph: the table is measured only.']
        : [`${compared} cells match the expected handover table.`];
  return [line(header), rule, ...body.map(line), '', ...legend, ...verdict].join('\n') + '\n';
}
