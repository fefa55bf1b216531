import type { TableResults } from '../sim/results/table-results.js';
import { unexercisedPolicyLine } from '../sim/engine/policy-exercise.js';

/** A cell as printed: the measured N, or `err` when the case could not be judged. */
function cellText(effects: number | null): string {
  return effects === null ? 'err' : String(effects);
}

/** The headers of the family's other columns: a per-cut column once per cut (`n0`, `n1`, ...), a per-row column once. */
export function columnHeaders(results: TableResults): string[] {
  return (results.columns ?? []).flatMap((column) =>
    column.per === 'cut' ? results.cuts.map((cut) => `${column.header}${cut.index}`) : [column.header],
  );
}

/** A protocol's values of the other columns, in columnHeaders' order, each read from its cases' own metrics. */
export function columnValues(results: TableResults, protocol: string): string[] {
  const cells = results.cuts.map((cut) => results.cells.find((c) => c.protocol === protocol && c.cut.index === cut.index));
  // A case that could not be judged shows err.
  const metric = (cell: (typeof cells)[number], name: string) => (!cell || cell.case.error ? null : (cell.case.metrics?.[name] ?? 0));
  return (results.columns ?? []).flatMap((column) => {
    const values = cells.map((cell) => metric(cell, column.metric));
    if (column.per === 'cut') return values.map(cellText);
    return [values.includes(null) ? 'err' : String(Math.max(...(values as number[])))];
  });
}

function rows(results: TableResults): { header: string[]; body: string[][] } {
  const header = ['protocol / cut', ...results.cuts.map((cut) => String(cut.index)), ...columnHeaders(results)];
  const body = results.protocols.map((protocol) => {
    const cells = results.cuts.map((cut) => results.cells.find((c) => c.protocol === protocol.name && c.cut.index === cut.index));
    return [protocol.name, ...cells.map((cell) => (cell ? cellText(cell.effects) : '')), ...columnValues(results, protocol.name)];
  });
  return { header, body };
}

/** The seed's markdown form, unpadded. */
export function markdownTable(results: TableResults): string {
  const { header, body } = rows(results);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...body.map(line)].join('\n') + '\n';
}

/** The same table with aligned columns, for a terminal. Still valid markdown. */
export function alignedTable(results: TableResults): string {
  const { header, body } = rows(results);
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : '-'.repeat(width + 1) + ':')).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n') + '\n';
}

/** The verdict lines: agreement, or a cell-by-cell diff (N, then the other columns), then any case that could not be judged. */
export function verdictLines(results: TableResults): string[] {
  const lines: string[] = [];
  const compared = results.cells.filter((cell) => cell.expected !== null);
  const columnMismatches = results.columnMismatches ?? [];
  const columnsCompared = results.columnsCompared ?? 0;
  const differing = results.mismatches.length + columnMismatches.length;
  const defaults = new Set(results.defaultRows ?? []);
  if (compared.length === 0 && columnsCompared === 0) {
    lines.push('no expected rows for these protocols: the table is measured only.');
  } else if (differing === 0) {
    const columns = columnsCompared > 0 ? `, and ${columnsCompared}/${columnsCompared} values of the other columns` : '';
    lines.push(`${compared.length}/${compared.length} expected cells match ${expectationSource(results, compared)}${columns}.`);
  } else {
    lines.push(`${differing} of ${compared.length + columnsCompared} cells differ from the expected table:`);
    for (const m of results.mismatches) {
      lines.push(
        `  ${m.protocol} cut ${m.cut.index} (${m.cut.name}): expected ${m.expected}, measured ${cellText(m.measured)}${effectWord(m.measured)}`,
      );
    }
    for (const m of columnMismatches) {
      const where = m.cut ? `${m.column}${m.cut.index} (${m.cut.name})` : `${m.column} (worst of the row)`;
      const expected = m.atMost ? `at most ${m.expected}${m.boundMetric ? ` (${m.boundMetric})` : ''}` : String(m.expected);
      lines.push(`  ${m.protocol} ${where}: expected ${expected}, measured ${cellText(m.measured)}`);
    }
    const unstated = [...new Set([...results.mismatches, ...columnMismatches].map((m) => m.protocol))].filter((p) => defaults.has(p));
    if (unstated.length > 0)
      lines.push(
        `${unstated.join(', ')}: no expected row, so expected right (N=1 at every cut, each column within its bound); ` +
          'if this is what it should measure, give its row with --expect FILE, or judge nothing with --measure-only.',
      );
  }
  if (results.skippedRowColumns && results.skippedRowColumns.length > 0) {
    lines.push(`not compared: ${results.skippedRowColumns.join(', ')} (the worst of a row needs every cut of the family).`);
  }
  const unexpected = results.cells.filter((cell) => cell.expected === null).map((cell) => cell.protocol);
  if (unexpected.length > 0 && compared.length > 0)
    lines.push(`no expectation for: ${[...new Set(unexpected)].join(', ')} (measured only).`);
  lines.push(...policyCallLines(results));
  const unexercised = unexercisedPolicyLine(results.policy);
  if (unexercised) lines.push(unexercised);
  for (const cell of results.cells) {
    if (cell.case.error) lines.push(`error: ${cell.protocol} cut ${cell.cut.index} (${cell.cut.name}): ${cell.case.error}`);
  }
  const talkers = results.cells.filter((cell) => cell.case.protocolLog !== undefined);
  for (const protocol of new Set(talkers.map((cell) => cell.protocol))) {
    const logs = talkers.filter((cell) => cell.protocol === protocol);
    lines.push(`${protocol} printed output: kept in protocol.log of ${logs.length} case folder(s), e.g. ${logs[0]?.case.protocolLog}`);
  }
  return lines;
}

/** Where the expected rows came from, in the words of the verdict line. */
function expectationSource(results: TableResults, compared: readonly { protocol: string }[]): string {
  // "the reference table" only when it is the built-in one: rows from --expect are the user's expectations.
  if (results.expectFile !== undefined) return `their expectation (--expect ${results.expectFile})`;
  const defaults = new Set(results.defaultRows ?? []);
  const judged = [...new Set(compared.map((cell) => cell.protocol))];
  const byDefault = judged.filter((protocol) => defaults.has(protocol));
  if (byDefault.length === 0) return 'the reference table';
  if (byDefault.length === judged.length) return 'N=1, the default row of a protocol with no expected row';
  return `the reference table (N=1 for ${byDefault.join(', ')}, with no expected row)`;
}

/** A measured N in words after a differing cell: what a reader of a red table looks for first. */
function effectWord(effects: number | null): string {
  if (effects === 0) return ' (lost)';
  return effects !== null && effects > 1 ? ' (duplicate)' : '';
}

export function legendLines(results: TableResults): string[] {
  return [
    `cuts: ${results.cuts.map((cut) => `${cut.index} ${cut.name}`).join(' · ')}`,
    `N = ${results.counted ?? 'effects the receivers hold'} for the intention after recovery: 1 right, 0 lost, 2+ duplicate.`,
    ...columnLegendLines(results),
  ];
}

/** One line per other column: its header (a range for a per-cut one) and what it counts. */
export function columnLegendLines(results: TableResults): string[] {
  return (results.columns ?? []).map((column) => {
    const shown =
      column.per === 'cut'
        ? `${column.header}${results.cuts[0]?.index ?? 0}-${column.header}${results.cuts.at(-1)?.index ?? 0}`
        : column.header;
    return `${shown}: ${column.legend}`;
  });
}

/**
 * With --policy: the calls it answered of those it was asked, per case, a row per protocol in the table's order. A
 * case with fewer answered than asked is unknown (the policy line below says so once, with the first failure).
 */
function policyCallLines(results: TableResults): string[] {
  if (!results.policy) return [];
  const width = Math.max(...results.protocols.map((protocol) => protocol.name.length));
  const rows = results.protocols.map((protocol) => {
    const calls = results.cuts.map((cut) => {
      const cell = results.cells.find((c) => c.protocol === protocol.name && c.cut.index === cut.index);
      return cell?.policyCalls ? `${cell.policyCalls.answered}/${cell.policyCalls.asked}` : '-';
    });
    return `  ${protocol.name.padEnd(width)}  ${calls.join(' ')}`;
  });
  return [`calls of policy '${results.policy.name}' answered/asked, by cut ${results.cuts.map((cut) => cut.index).join(' ')}:`, ...rows];
}
