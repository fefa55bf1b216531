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
  /** Required facts the person was handed, by a deterministic per-fact check (case-insensitive substring). */
  factsCarried: string[];
  factsMissing: string[];
}

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
}

/** Judges one scenario: missed (the first number to bring down), unnecessary, wrong target, late, or correct. */
export function judgeScenario(scenario: EvalScenario, run: ScenarioRun): ScenarioResult {
  const { expected } = scenario;
  const happened = run.handoverTurn !== null;
  const facts = expected.facts ?? [];
  const context = run.context.toLowerCase();
  const factsCarried = happened ? facts.filter((fact) => context.includes(fact.toLowerCase())) : [];
  const base = { id: scenario.id, expected, run, factsCarried, factsMissing: facts.filter((fact) => !factsCarried.includes(fact)) };
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
  const required = happenedExpected.reduce((sum, result) => sum + (result.expected.facts?.length ?? 0), 0);
  const carried = happenedExpected.reduce((sum, result) => sum + result.factsCarried.length, 0);
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
  };
}

/** The thresholds the metrics break, each as a sentence; empty when every one is met (or none is given). */
export function brokenThresholds(metrics: EvalMetrics, thresholds: EvalThresholds | undefined): string[] {
  if (!thresholds) return metrics.errors > 0 ? [`${metrics.errors} scenario(s) ended in an error`] : [];
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
  if (metrics.errors > 0) broken.push(`${metrics.errors} scenario(s) ended in an error`);
  return broken;
}
