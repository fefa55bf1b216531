import { EFFECT_KIND_COLORS, EFFECT_KINDS } from './effect-kinds.js';

const kindRules = EFFECT_KINDS.map(
  (kind) =>
    `.kind-${kind} { background: ${EFFECT_KIND_COLORS[kind].pale}; }\n` +
    `.kind-${kind} .word, .swatch.kind-${kind} { color: ${EFFECT_KIND_COLORS[kind].strong}; }`,
).join('\n');

/** The stylesheet of report.html, inlined so the file stands alone. */
export const REPORT_CSS = `
:root { color-scheme: light; --ink: #222; --muted: #5a5a5a; --rule: #d8d8d8; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1280px; padding: 24px 32px 48px; color: var(--ink);
  font: 15px/1.45 -apple-system, 'Segoe UI', 'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', sans-serif; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 28px 0 10px; border-bottom: 1px solid var(--rule); padding-bottom: 4px; }
code, pre { font-family: 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', 'DejaVu Sans Mono', monospace; font-size: 13px; }
.meta { color: var(--muted); margin: 0; }
.verdict { display: inline-block; margin: 10px 0 0; padding: 4px 10px; border-radius: 4px; font-weight: 600; }
.verdict.pass { background: ${EFFECT_KIND_COLORS.one.pale}; }
.verdict.fail, .verdict.unknown { background: ${EFFECT_KIND_COLORS.lost.pale}; }
.legend { margin: 0 0 10px; color: var(--muted); }
.swatch { margin-right: 8px; padding: 1px 8px; border-radius: 4px; font-weight: 600; white-space: nowrap; }
table.effects { border-collapse: separate; border-spacing: 4px; }
table.effects th { text-align: left; font-weight: 600; padding: 4px 8px; vertical-align: bottom; }
table.effects thead th { text-align: center; }
table.effects thead th small, table.effects tbody th small { display: block; font-weight: 400; color: var(--muted); }
table.effects tbody th small { max-width: 360px; }
td.cell { width: 128px; height: 64px; text-align: center; border-radius: 6px; cursor: pointer; border: 2px solid transparent; }
td.cell:hover, td.cell:focus { border-color: #888; outline: none; }
td.cell.selected { border-color: var(--ink); box-shadow: 0 0 0 2px #fff inset; }
td.cell .n { display: block; font-size: 26px; font-weight: 700; line-height: 1.1; }
td.cell .word { display: block; font-size: 13px; font-weight: 600; }
td.cell .expected { display: block; font-size: 12px; color: var(--ink); }
th.column, td.column { text-align: center; font-variant-numeric: tabular-nums; padding: 0 6px; color: var(--muted); }
td.column.differs { color: ${EFFECT_KIND_COLORS.lost.strong}; font-weight: 700; }
td.column .expected { display: block; font-size: 11px; }
${kindRules}
#case-details { border: 1px solid var(--rule); border-radius: 6px; padding: 12px 16px; min-height: 80px; }
#case-details.empty { color: var(--muted); }
#case-details h3 { margin: 0 0 6px; font-size: 17px; }
#case-details .outcome { display: inline-block; font-weight: 600; margin: 4px 0 10px; padding: 2px 10px; border-radius: 4px; }
#case-details h4 { margin: 10px 0 4px; font-size: 14px; }
#case-details dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 10px; }
#case-details dt { color: var(--muted); }
#case-details dd { margin: 0; }
pre.conversation { background: #f6f6f6; border-radius: 4px; padding: 10px 12px; margin: 0 0 10px; overflow-x: auto; line-height: 1.5; }
pre.timeline { background: #f6f6f6; border-radius: 4px; padding: 10px 12px; margin: 0 0 10px; overflow-x: auto; line-height: 1.5; }
pre.timeline .ev-crash { color: ${EFFECT_KIND_COLORS.lost.strong}; font-weight: 700; }
pre.timeline .ev-info { color: ${EFFECT_KIND_COLORS.duplicate.strong}; font-weight: 700; }
pre.timeline .ev-life { color: #1f4e99; font-weight: 700; }
pre.timeline .ev-cut, pre.timeline .ev-idle { color: var(--muted); }
pre.state { margin: 0; white-space: pre-wrap; word-break: break-all; }
.chart { position: relative; width: 100%; max-width: 1200px; }
dl.protocols dt { font-weight: 600; margin-top: 8px; }
dl.protocols dd { margin: 0 0 0 16px; }
table.cuts { border-collapse: collapse; }
table.cuts td, table.cuts th { text-align: left; padding: 3px 12px 3px 0; border-bottom: 1px solid var(--rule); }
footer { margin-top: 32px; color: var(--muted); font-size: 13px; }
`;
