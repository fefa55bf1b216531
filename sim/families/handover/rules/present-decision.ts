import type { Decide, TriageDecision } from './decide.js';
import type { Findings } from './findings.js';
import { outcomeLineOf } from './outcome-lines.js';

/** What the explaining agent is shown: a copy of the decision and the findings, frozen. */
export interface ExplainerView {
  decision: TriageDecision;
  findings: Findings;
}

/** The second agent: it words the outcome for the user. It is a model, so it may write anything or throw. */
export type Explainer = (view: Readonly<ExplainerView>) => string;

/** What the user is sent: the rules' decision and its fixed line, then the explanation, marked as such. */
export interface PresentedDecision {
  decision: TriageDecision;
  outcomeLine: string;
  /** Absent when the explainer failed: the fixed line alone is a complete answer. */
  explanation?: string;
  /** Why the explanation is absent, logged rather than hidden. */
  explainerError?: string;
}

export type PresentDecision = (findings: Findings, explainer: Explainer) => PresentedDecision;

function deepFrozenCopy<T>(value: T): T {
  const copy = structuredClone(value);
  const freeze = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    Object.freeze(node);
    for (const child of Object.values(node)) freeze(child);
  };
  freeze(copy);
  return copy;
}

/**
 * The rules decide; the explainer only explains. It sees a frozen copy, so
 * it cannot reach the decision; its text is attached as an explanation and
 * never parsed for an outcome; when it throws, the user still gets the
 * fixed line and the error is recorded.
 */
export function presenter(decide: Decide): PresentDecision {
  return (findings, explainer) => {
    const decision = decide(findings);
    const outcomeLine = outcomeLineOf(decision);
    try {
      const explanation = explainer(deepFrozenCopy({ decision, findings }));
      return { decision, outcomeLine, explanation: String(explanation) };
    } catch (error) {
      return { decision, outcomeLine, explainerError: error instanceof Error ? error.message : String(error) };
    }
  };
}
