import { byCodePoint } from '../../../engine/code-point-order.js';
import { factsIn, type FactsJudged } from './judge.js';
import type { ScenarioRun } from './run-eval.js';
import type { EvalScenario, EvalThresholds } from './suite.js';

/** How one scenario came out against its label. */
export type ScenarioVerdict = 'correct' | 'missed' | 'unnecessary' | 'wrong-target' | 'late' | 'correct-no-handover' | 'error';

export interface ScenarioResult {
  id: string;
  verdict: ScenarioVerdict;
  expected: EvalScenario['expected'];
  run: ScenarioRun;
  /** Turns from the first signal to the handover; null without a handover or without one expected. */
  turnsFromSignal: number | null;
  /** Required facts the person was handed, by the judge (the deterministic one: case-insensitive substring). */
  factsCarried: string[];
  factsMissing: string[];
  /** Why the judge could not judge this handover's facts: left out of context quality, and counted. */
  judgeError?: string;
}

/** Per layer of guardrails (before, around, after the model; tool), how many conversations each check or rule decided. */
export type GuardrailCounts = Record<string, Record<string, number>>;

export interface EvalMetrics {
  scenarios: number;
  /** The confusion table of "handed over" against "should have been". */
  confusion: { truePositive: number; falseNegative: number; falsePositive: number; trueNegative: number };
  missed: number;
  unnecessary: number;
  wrongTarget: number;
  late: number;
  /** Mean turns from the first signal to the handover, over the handovers that were expected and happened. */
  meanTurnsFromSignal: number | null;
  /** Required facts carried over required facts, over the expected handovers that happened; 1 when none are required. */
  contextQuality: number;
  errors: number;
  /** Handovers whose facts the judge could not judge (it threw, answered wrong, or timed out). */
  judgeErrors: number;
  guardrails: GuardrailCounts;
}

/** Judges one scenario: missed (the first number to bring down), unnecessary, wrong target, late, or correct. */
export function judgeScenario(
  scenario: EvalScenario,
  run: ScenarioRun,
  judged: FactsJudged = { carried: factsIn(run.context, scenario.expected.facts ?? []) },
): ScenarioResult {
  const { expected } = scenario;
  const happened = run.handoverTurn !== null;
  const facts = expected.facts ?? [];
  const factsCarried = happened && 'carried' in judged ? facts.filter((fact) => judged.carried.includes(fact)) : [];
  const base = {
    id: scenario.id,
    expected,
    run,
    factsCarried,
    // Not judged is neither carried nor missing.
    factsMissing: 'error' in judged ? [] : facts.filter((fact) => !factsCarried.includes(fact)),
    ...(happened && 'error' in judged ? { judgeError: judged.error } : {}),
  };
  // A run that ended in an error (the policy threw, answered nothing, never stopped) judged nothing the policy decided.
  if (run.error !== undefined) return { ...base, verdict: 'error', turnsFromSignal: null };
  if (!expected.handover) return { ...base, verdict: happened ? 'unnecessary' : 'correct-no-handover', turnsFromSignal: null };
  if (!happened) return { ...base, verdict: 'missed', turnsFromSignal: null };
  const turnsFromSignal = run.handoverTurn! - (expected.signalTurn ?? 1);
  if (expected.target !== undefined && run.target !== expected.target) return { ...base, verdict: 'wrong-target', turnsFromSignal };
  // A handover at turn nine after the user asked for a person at turn two is a failure even though it happened.
  if (run.handoverTurn! > (expected.byTurn ?? scenario.turns.length)) return { ...base, verdict: 'late', turnsFromSignal };
  return { ...base, verdict: 'correct', turnsFromSignal };
}

export function metricsOf(results: readonly ScenarioResult[]): EvalMetrics {
  const count = (verdict: ScenarioVerdict) => results.filter((result) => result.verdict === verdict).length;
  const expected = results.filter((result) => result.expected.handover && result.verdict !== 'error');
  const happenedExpected = expected.filter((result) => result.run.handoverTurn !== null);
  const timings = happenedExpected.map((result) => result.turnsFromSignal ?? 0);
  const judged = happenedExpected.filter((result) => result.judgeError === undefined);
  const required = judged.reduce((sum, result) => sum + (result.expected.facts?.length ?? 0), 0);
  const carried = judged.reduce((sum, result) => sum + result.factsCarried.length, 0);
  return {
    scenarios: results.length,
    confusion: {
      truePositive: happenedExpected.length,
      falseNegative: expected.length - happenedExpected.length,
      falsePositive: count('unnecessary'),
      trueNegative: count('correct-no-handover'),
    },
    missed: count('missed'),
    unnecessary: count('unnecessary'),
    wrongTarget: count('wrong-target'),
    late: count('late'),
    meanTurnsFromSignal: timings.length === 0 ? null : timings.reduce((a, b) => a + b, 0) / timings.length,
    contextQuality: required === 0 ? 1 : carried / required,
    errors: count('error'),
    judgeErrors: results.filter((result) => result.judgeError !== undefined).length,
    guardrails: guardrailCounts(results),
  };
}

/** Each check or rule counted once per conversation it decided something in, by layer; names in code-point order. */
function guardrailCounts(results: readonly ScenarioResult[]): GuardrailCounts {
  const counts: GuardrailCounts = { before: {}, around: {}, after: {} };
  for (const { layer, check } of results.flatMap((result) => result.run.guardrails)) {
    const layerCounts = (counts[layer] ??= {});
    layerCounts[check] = (layerCounts[check] ?? 0) + 1;
  }
  return Object.fromEntries(
    Object.entries(counts).map(([layer, checks]) => [layer, Object.fromEntries(Object.entries(checks).sort(([a], [b]) => byCodePoint(a, b)))]),
  );
}

/** The thresholds the metrics break, each as a sentence; empty when every one is met (or none is given). */
export function brokenThresholds(metrics: EvalMetrics, thresholds: EvalThresholds | undefined): string[] {
  const failed = [
    ...(metrics.errors > 0 ? [`${metrics.errors} scenario(s) ended in an error`] : []),
    ...(metrics.judgeErrors > 0 ? [`${metrics.judgeErrors} handover(s) the judge could not judge`] : []),
  ];
  if (!thresholds) return failed;
  const broken: string[] = [];
  const most = (name: string, value: number, max: number | undefined) => {
    if (max !== undefined && value > max) broken.push(`${name} ${value} > ${max}`);
  };
  most('missed', metrics.missed, thresholds.missedMax);
  most('unnecessary', metrics.unnecessary, thresholds.unnecessaryMax);
  most('wrong target', metrics.wrongTarget, thresholds.wrongTargetMax);
  most('late', metrics.late, thresholds.lateMax);
  if (thresholds.contextQualityMin !== undefined && metrics.contextQuality < thresholds.contextQualityMin)
    broken.push(`context quality ${metrics.contextQuality.toFixed(2)} < ${thresholds.contextQualityMin}`);
  return [...broken, ...failed];
}
