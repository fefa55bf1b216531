import type { ChartConfiguration } from 'chart.js';
import type { HistoryEvent, JsonValue } from '../sim/engine/history.js';
import type { StoredCell, TableResults } from '../sim/results/table-results.js';
import { chartJsUmdSource, jsonForScript, portablePluginsScript } from './chart-script.js';
import { EFFECT_KIND_WORDS, EFFECT_KINDS, effectKind, type EffectKind } from './effect-kinds.js';
import { runDateText } from './effects-chart.js';
import { PAGE_SCRIPT } from './html-page-script.js';
import { REPORT_CSS } from './html-style.js';
import { timelineLine } from './timeline.js';
import { columnHeaders, columnLegendLines, columnValues, verdictLines } from './text-table.js';

export interface HtmlReportInput {
  results: TableResults;
  /** Each case's history, keyed by its folder (`<protocol>/cut-<n>`), read from the history.jsonl results.json names. */
  histories: ReadonlyMap<string, readonly HistoryEvent[]>;
  /** The chart configuration, the same value the PNG was drawn from. */
  chart: ChartConfiguration;
  /** A family's own view of each case (a handover case as its conversation), keyed as histories; absent for a family without one. */
  views?: ReadonlyMap<string, readonly string[]>;
}

/** What the page's script shows for one case when its cell or bar is clicked. */
interface CaseView {
  protocol: string;
  cut: { index: number; name: string; meaning: string };
  effects: number | null;
  expected: number | null;
  kind: EffectKind;
  word: string;
  /** [file name, path] for each store of the case, then history.jsonl. */
  files: [string, string][];
  /** A command that shows the effects: sqlite3 on the first receiver's store. */
  inspect: string;
  timeline: { type: string; text: string }[];
  /** The family's view of the case, read from its stores (the conversation, for a handover case), or null. */
  view: string[] | null;
  localState: JsonValue;
  error: string | null;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const caseKey = (protocol: string, cutIndex: number): string => `${protocol}/cut-${cutIndex}`;

/**
 * report.html: one self-contained page (styles, chart.js, data inlined; no
 * network) with the effect table coloured by outcome, each cell opening its
 * case's timeline and database paths, the protocols' descriptions, and the
 * effects chart drawn from the same configuration as effects.png.
 */
export function htmlReport(input: HtmlReportInput): string {
  const { results } = input;
  const cellOf = (protocol: string, cutIndex: number) => results.cells.find((c) => c.protocol === protocol && c.cut.index === cutIndex);
  const cases: Record<string, CaseView> = {};
  for (const cell of results.cells) cases[caseKey(cell.protocol, cell.cut.index)] = caseView(results, cell, input);
  const chartCases = results.protocols.map((p) =>
    results.cuts.map((cut) => (cellOf(p.name, cut.index) ? caseKey(p.name, cut.index) : null)),
  );

  const title = `cutpoint effect table — run ${results.runId}`;
  const verdict = verdictLines(results);
  const head =
    results.cuts
      .map((cut) => `<th scope="col" title="${escapeHtml(cut.meaning)}">cut ${cut.index}<small>${escapeHtml(cut.name)}</small></th>`)
      .join('') +
    columnHeaders(results)
      .map((header) => `<th scope="col" class="column">${escapeHtml(header)}</th>`)
      .join('');
  // The family's other columns, a value differing from its expectation marked as a cell is.
  const differing = new Set((results.columnMismatches ?? []).map((m) => `${m.protocol} ${m.cut ? `${m.column}${m.cut.index}` : m.column}`));
  const columnCells = (protocol: string) => {
    const headers = columnHeaders(results);
    return columnValues(results, protocol)
      .map((value, at) => {
        const differs = differing.has(`${protocol} ${headers[at]}`);
        return `<td class="column${differs ? ' differs' : ''}">${escapeHtml(value)}${differs ? '<span class="expected">differs</span>' : ''}</td>`;
      })
      .join('');
  };
  const columnLegend = columnLegendLines(results).map(escapeHtml).join('<br>');
  const rows = results.protocols
    .map((protocol) => {
      const cells = results.cuts.map((cut) => {
        const cell = cellOf(protocol.name, cut.index);
        return cell ? cellHtml(cell) : '<td class="missing"></td>';
      });
      return `<tr><th scope="row">${escapeHtml(protocol.name)}<small>${escapeHtml(protocol.summary)}</small></th>${cells.join('')}${columnCells(protocol.name)}</tr>`;
    })
    .join('\n');
  const legend = EFFECT_KINDS.filter((kind) => kind !== 'unjudged')
    .map((kind) => `<span class="swatch kind-${kind}">${kindLegend(kind)}</span>`)
    .join('');
  const protocols = results.protocols
    .map(
      (p) =>
        `<dt>${escapeHtml(p.name)}</dt><dd>${escapeHtml(p.summary)}</dd>` +
        Object.entries(p.contracts ?? { receiver: p.contract })
          .map(
            ([receiver, contract]) =>
              `<dd>${escapeHtml(receiver)} contract <code>${escapeHtml(contract.name)}</code>: ${escapeHtml(contract.summary)}</dd>`,
          )
          .join(''),
    )
    .join('\n');
  const cuts = results.cuts
    .map((cut) => `<tr><td>${cut.index}</td><td><code>${escapeHtml(cut.name)}</code></td><td>${escapeHtml(cut.meaning)}</td></tr>`)
    .join('\n');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header>
<h1>Effects after recovery</h1>
<p class="meta">run <code>${escapeHtml(results.runId)}</code> · ${escapeHtml(runDateText(results.startedAt))} · intention <code>${escapeHtml(results.intention)}</code> · crash ${escapeHtml(results.crashMode)} · ${results.cells.length} cases</p>
<p class="verdict ${results.verdict}">${verdict.map(escapeHtml).join('<br>')}</p>
</header>
<section>
<h2>Effect table</h2>
<p class="legend">${legend} Each cell is N, the ${escapeHtml(results.counted ?? 'effects the receivers hold')} for the intention after a crash at the cut and recovery. Click a cell for its timeline.</p>
<table class="effects">
<thead><tr><th>protocol / cut</th>${head}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
${columnLegend ? `<p class="legend columns">${columnLegend}</p>` : ''}
</section>
<section>
<h2>Case</h2>
<div id="case-details" class="empty">Click a cell of the table, or a bar of the chart, to see that case's timeline and files.</div>
</section>
<section>
<h2>Chart</h2>
<div class="chart"><canvas id="effects-chart" role="img" aria-label="Grouped bar chart of effects after recovery per cut, one bar per protocol"></canvas></div>
</section>
<section>
<h2>Protocols</h2>
<dl class="protocols">
${protocols}
</dl>
<h2>Cuts</h2>
<table class="cuts"><thead><tr><th>#</th><th>name</th><th>where the run is cut</th></tr></thead><tbody>
${cuts}
</tbody></table>
</section>
<footer>Drawn from results.json by cutpoint. File paths are relative to this run folder.</footer>
<script type="application/json" id="report-data">${jsonForScript({ cases, chartCases })}</script>
<script type="application/json" id="effects-chart-config">${jsonForScript(input.chart)}</script>
<script>${chartJsUmdSource()}</script>
<script>${portablePluginsScript()}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}

function kindLegend(kind: EffectKind): string {
  const n = { lost: 'N=0', one: 'N=1', duplicate: 'N≥2', unjudged: 'err' }[kind];
  return `${n} ${EFFECT_KIND_WORDS[kind]}`;
}

function cellHtml(cell: StoredCell): string {
  const kind = effectKind(cell.effects);
  const n = cell.effects === null ? 'err' : String(cell.effects);
  const differs = cell.expected !== null && cell.expected !== cell.effects;
  const label = `${cell.protocol}, cut ${cell.cut.index} ${cell.cut.name}: N=${n}, ${EFFECT_KIND_WORDS[kind]}`;
  return (
    `<td class="cell kind-${kind}${differs ? ' differs' : ''}" data-case="${escapeHtml(caseKey(cell.protocol, cell.cut.index))}" ` +
    `data-effects="${cell.effects ?? ''}" tabindex="0" role="button" aria-label="${escapeHtml(label)}">` +
    `<span class="n">${n}</span><span class="word">${EFFECT_KIND_WORDS[kind]}</span>` +
    (differs ? `<span class="expected">expected ${cell.expected}</span>` : '') +
    '</td>'
  );
}

function caseView(results: TableResults, cell: StoredCell, input: HtmlReportInput): CaseView {
  const kind = effectKind(cell.effects);
  const cut = results.cuts.find((c) => c.index === cell.cut.index) ?? { ...cell.cut, meaning: '' };
  const events = input.histories.get(caseKey(cell.protocol, cell.cut.index)) ?? [];
  const { stores, history } = cell.case.files;
  const [receiver, receiverPath] = Object.entries(stores).find(([store]) => store !== 'orchestrator') ?? [
    'orchestrator',
    stores['orchestrator'] ?? '',
  ];
  return {
    protocol: cell.protocol,
    cut,
    effects: cell.effects,
    expected: cell.expected,
    kind,
    word: EFFECT_KIND_WORDS[kind],
    files: [...Object.entries(stores).map(([store, path]): [string, string] => [`${store}.db`, path]), ['history.jsonl', history]],
    inspect: `sqlite3 ${receiverPath} .dump  # the ${receiver}'s effects and receipts`,
    timeline: events.map((event) => ({ type: event.type, text: timelineLine(event) })),
    view: input.views?.has(caseKey(cell.protocol, cell.cut.index))
      ? [...(input.views.get(caseKey(cell.protocol, cell.cut.index)) ?? [])]
      : null,
    localState: cell.case.localState as unknown as JsonValue,
    error: cell.case.error ?? null,
  };
}
