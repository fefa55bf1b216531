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
    const handover = run.handoverTurn === null ? 'no handover' : `turn ${run.handoverTurn} to ${run.target} (${run.reason})`;
    const missing = result.factsMissing.length > 0 && run.handoverTurn !== null ? `; facts missing: ${result.factsMissing.join(', ')}` : '';
    const error = run.error ? `; error: ${run.error}` : '';
    return `${result.id.padEnd(width)}  ${result.verdict.padEnd(19)}  ${handover}${missing}${error}`;
  });
}

export function metricsLines(metrics: EvalMetrics): string[] {
  return [
    `scenarios ${metrics.scenarios}: missed ${metrics.missed}, unnecessary ${metrics.unnecessary}, wrong target ${metrics.wrongTarget}, late ${metrics.late}`,
    `timing: ${metrics.meanTurnsFromSignal === null ? 'no expected handover happened' : `${metrics.meanTurnsFromSignal.toFixed(2)} turns from the first signal on average`}`,
    `context quality: ${(metrics.contextQuality * 100).toFixed(0)}% of required facts carried (deterministic per-fact check)`,
  ];
}
