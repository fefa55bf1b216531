import { join } from 'node:path';
import type { Plan } from '../../../protocols/plan/plan.js';
import type { PlanProtocol } from '../../../protocols/plan/types.js';
import type { PlanWorkload } from './workload.js';
import type { Family } from '../../engine/family.js';
import { runFamily } from '../../engine/run-family.js';
import { CALM_TOOLS } from './tool-behaviour.js';

export interface ContextGrowthSeries {
  protocol: string;
  /** Plan length in steps → the context's peak in characters, read from the final checkpoint. */
  points: { steps: number; peakChars: number }[];
}

/** A plan of `steps` read steps: each adds its tool output to the loop's context. */
export function readPlan(steps: number): Plan {
  return {
    goal: 'read the catalogue, step by step',
    budget_calls: steps * 2,
    steps: Array.from({ length: steps }, (_, n) => ({ id: `read-${n + 1}`, action: 'search_components', gate: 'results > 0' })),
  };
}

/**
 * The context's peak against the plan's length, fault-free, for each protocol:
 * with the seed's summary every five steps it stays bounded; without it, it
 * grows with every step.
 */
export async function measureContextGrowth<S>(
  planFamily: Family<PlanProtocol, PlanWorkload, S>,
  protocols: readonly PlanProtocol[],
  lengths: readonly number[],
  folder: string,
): Promise<ContextGrowthSeries[]> {
  const series: ContextGrowthSeries[] = [];
  for (const protocol of protocols) {
    const points: ContextGrowthSeries['points'] = [];
    for (const steps of lengths) {
      const outcome = await runFamily(planFamily, {
        protocol,
        workload: { plan: readPlan(steps), tools: CALM_TOOLS },
        folder: join(folder, 'context-growth', protocol.name, String(steps)),
        plan: [],
        livesMax: 1,
      });
      points.push({ steps, peakChars: outcome.metrics['context_peak_chars'] ?? 0 });
    }
    series.push({ protocol: protocol.name, points });
  }
  return series;
}
