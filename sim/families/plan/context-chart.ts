import { join } from 'node:path';
import { checkpointAfterStep } from '../../../protocols/plan/checkpoint-after-step.js';
import { noSummary } from '../../../protocols/plan/no-summary.js';
import { writeFileAtomic, writeJsonAtomic } from '../../results/run-folder.js';
import type { Family } from '../../engine/family.js';
import type { PlanProtocol } from '../../../protocols/plan/types.js';
import { CONTEXT_CHART_SIZE, contextChartConfig } from './context-chart-config.js';
import { measureContextGrowth } from './context-growth.js';
import type { PlanWorkload } from './workload.js';

/** Plan lengths the context chart measures, in read steps. */
const CHART_LENGTHS = [1, 5, 10, 15, 20, 25, 30, 35, 40];

/**
 * The plan family's own chart beside a table run's reports: the context's
 * peak against the plan's length, fault-free, with the seed's summary every
 * five steps and without it; the numbers go to context-growth.json beside it.
 */
export async function writeContextChart<S>(
  runFolder: string,
  planFamily: Family<PlanProtocol, PlanWorkload, S>,
): Promise<string[]> {
  const series = await measureContextGrowth(planFamily, [checkpointAfterStep, noSummary], CHART_LENGTHS, runFolder);
  const png = join(runFolder, 'context-growth.png');
  // chart.js and the canvas load only when a chart is drawn, as for every other report.
  const { renderChartPng } = await import('../../../reports/chart-png.js');
  writeFileAtomic(png, await renderChartPng(contextChartConfig(series), CONTEXT_CHART_SIZE));
  writeJsonAtomic(join(runFolder, 'context-growth.json'), { kind: 'context-growth', family: 'plan', series });
  return [png];
}
