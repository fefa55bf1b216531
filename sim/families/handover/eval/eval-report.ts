import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChartConfiguration } from 'chart.js';
import { renderChartPng } from '../../../../reports/chart-png.js';
import { writeJsonAtomic } from '../../../results/run-folder.js';
import { confusionTable, metricsLines, scenarioLines } from './eval-text.js';
import type { EvalMetrics, ScenarioResult, ScenarioVerdict } from './metrics.js';

const VERDICTS: readonly ScenarioVerdict[] = ['correct', 'correct-no-handover', 'missed', 'unnecessary', 'wrong-target', 'late', 'error'];
/** Blue and teal for right answers, then Paul Tol's "vibrant" warm colours for each kind of wrong one. */
const COLORS: Readonly<Record<ScenarioVerdict, string>> = {
  correct: '#0077BB',
  'correct-no-handover': '#009988',
  missed: '#CC3311',
  unnecessary: '#EE7733',
  'wrong-target': '#EE3377',
  late: '#BBBBBB',
  error: '#000000',
};

function verdictChart(results: readonly ScenarioResult[]): ChartConfiguration {
  return {
    type: 'bar',
    data: {
      labels: [...VERDICTS],
      datasets: [
        {
          label: 'scenarios',
          data: VERDICTS.map((verdict) => results.filter((result) => result.verdict === verdict).length),
          backgroundColor: VERDICTS.map((verdict) => COLORS[verdict]),
        },
      ],
    },
    options: {
      plugins: { title: { display: true, text: 'sim eval handover: scenarios by verdict' }, legend: { display: false } },
      scales: { y: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'scenarios' } } },
    },
  };
}

/**
 * `--report`: into the run folder, the confusion table and the per-scenario
 * results (report.md), every result as data (eval.json), and a chart of the
 * verdicts (verdicts.png). Returns the files written.
 */
export async function writeEvalReport(
  folder: string,
  results: readonly ScenarioResult[],
  metrics: EvalMetrics,
  broken: readonly string[],
  judgeName?: string,
) {
  const markdown = [
    '# sim eval handover',
    '',
    ...metricsLines(metrics, judgeName).map((line) => `- ${line}`),
    `- thresholds: ${broken.length === 0 ? 'met (or none given)' : broken.join('; ')}`,
    '',
    '## Confusion table',
    '',
    confusionTable(metrics),
    '',
    '## Per scenario',
    '',
    '```',
    ...scenarioLines(results),
    '```',
    '',
    '![verdicts](verdicts.png)',
    '',
  ].join('\n');
  writeFileSync(join(folder, 'report.md'), markdown);
  writeJsonAtomic(join(folder, 'eval.json'), { kind: 'eval-handover', metrics, broken, results });
  writeFileSync(join(folder, 'verdicts.png'), await renderChartPng(verdictChart(results), { width: 800, height: 400 }));
  return ['report.md', 'eval.json', 'verdicts.png'];
}
