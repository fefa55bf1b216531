import { judgeScenario, metricsOf, type EvalMetrics, type ScenarioResult } from './metrics.js';
import { runScenario, type EvalSubject } from './run-eval.js';
import type { EvalSuite } from './suite.js';

export interface Evaluation {
  results: ScenarioResult[];
  metrics: EvalMetrics;
}

/** Runs every scenario of the suite through the harness, one after the other, and judges each against its label. */
export async function evaluate(suite: EvalSuite, subject: EvalSubject, scratch: string): Promise<Evaluation> {
  const results: ScenarioResult[] = [];
  for (const scenario of suite.scenarios) results.push(judgeScenario(scenario, await runScenario(scenario, subject, scratch)));
  return { results, metrics: metricsOf(results) };
}
