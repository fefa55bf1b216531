import { judgeFacts, JUDGE_TIMEOUT_MS, type ContextJudge, type FactsJudged } from './judge.js';
import { judgeScenario, metricsOf, type EvalMetrics, type ScenarioResult } from './metrics.js';
import { runScenario, type EvalSubject, type ScenarioRun } from './run-eval.js';
import type { EvalScenario, EvalSuite } from './suite.js';

export interface Evaluation {
  results: ScenarioResult[];
  metrics: EvalMetrics;
}

/** How context quality is judged: the deterministic per-fact check when no judge of the user's is given. */
export interface JudgeChoice {
  judge: ContextJudge;
  /** Wall time one call may take; JUDGE_TIMEOUT_MS when absent. */
  timeoutMs?: number;
}

/** The user's judge on one run, asked only when there is a handover and facts to look for in it. */
async function factsJudged(scenario: EvalScenario, run: ScenarioRun, choice: JudgeChoice): Promise<FactsJudged | undefined> {
  const facts = scenario.expected.facts ?? [];
  if (run.handoverTurn === null || facts.length === 0 || run.error !== undefined) return undefined;
  const request = { id: scenario.id, facts, context: run.context, turns: scenario.turns };
  return judgeFacts(choice.judge, request, choice.timeoutMs ?? JUDGE_TIMEOUT_MS);
}

/** Runs every scenario of the suite through the harness, one after the other, and judges each against its label. */
export async function evaluate(suite: EvalSuite, subject: EvalSubject, scratch: string, judge?: JudgeChoice): Promise<Evaluation> {
  const results: ScenarioResult[] = [];
  for (const scenario of suite.scenarios) {
    const run = await runScenario(scenario, subject, scratch);
    const judged = judge ? await factsJudged(scenario, run, judge) : undefined;
    results.push(judged ? judgeScenario(scenario, run, judged) : judgeScenario(scenario, run));
  }
  return { results, metrics: metricsOf(results) };
}
