import type { EvalMetrics, ScenarioResult } from './metrics.js';

/** The confusion table, as aligned text (Markdown-compatible). */
export function confusionTable(metrics: EvalMetrics): string {
  const { truePositive, falseNegative, falsePositive, trueNegative } = metrics.confusion;
  return [
    '| labelled \\ harness | handed over | not handed over |',
    '|---|---|---|',
    `| should hand over | ${truePositive} | ${falseNegative} (missed) |`,
    `| should not | ${falsePositive} (unnecessary) | ${trueNegative} |`,
  ].join('\n');
}

/** One line per scenario: its verdict, when and to whom, and the facts the person was not handed. */
export function scenarioLines(results: readonly ScenarioResult[]): string[] {
  const width = Math.max(8, ...results.map((result) => result.id.length));
  return results.map((result) => {
    const run = result.run;
    const announced = run.announcedTurn === undefined ? '' : ` (turn ${run.announcedTurn} announced one, never made)`;
    const handover = run.handoverTurn === null ? `no handover${announced}` : `turn ${run.handoverTurn} to ${run.target} (${run.reason})`;
    const missing = result.factsMissing.length > 0 && run.handoverTurn !== null ? `; facts missing: ${result.factsMissing.join(', ')}` : '';
    const error = run.error ? `; error: ${run.error}` : result.judgeError ? `; judge error: ${result.judgeError}` : '';
    return `${result.id.padEnd(width)}  ${result.verdict.padEnd(19)}  ${handover}${missing}${error}`;
  });
}

export function metricsLines(metrics: EvalMetrics, judgeName = 'deterministic per-fact check'): string[] {
  return [
    `scenarios ${metrics.scenarios}: missed ${metrics.missed}, unnecessary ${metrics.unnecessary}, wrong target ${metrics.wrongTarget}, late ${metrics.late}`,
    `timing: ${metrics.meanTurnsFromSignal === null ? 'no expected handover happened' : `${metrics.meanTurnsFromSignal.toFixed(2)} turns from the first signal on average`}`,
    `context quality: ${(metrics.contextQuality * 100).toFixed(0)}% of required facts carried (${judgeName})${metrics.judgeErrors > 0 ? `; ${metrics.judgeErrors} handover(s) not judged` : ''}`,
    `guardrails (conversations each decided): ${guardrailsText(metrics.guardrails)}`,
  ];
}

/** `before asks-for-person 2, crisis-phrase 1; around none; after none`: per layer, each check or rule and its conversations. */
export function guardrailsText(counts: EvalMetrics['guardrails']): string {
  return Object.entries(counts)
    .map(([layer, checks]) => {
      const entries = Object.entries(checks);
      return `${layer} ${entries.length === 0 ? 'none' : entries.map(([check, n]) => `${check} ${n}`).join(', ')}`;
    })
    .join('; ');
}
