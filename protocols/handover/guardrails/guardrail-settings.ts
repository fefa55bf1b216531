import { NO_RULES, type GuardrailRules } from './rules.js';

/** The limits of the layers around the model, per conversation, in virtual ms and cost units. */
export interface GuardrailSettings {
  /** Senders (conversation ids here) whose messages go to a person without the model. */
  flaggedSenders: readonly string[];
  /** What a conversation may spend on the model, in cost units (a stand-in for tokens: see modelCallCost). */
  costUnitsMax: number;
  /** The model's time a conversation may use, summed over its calls, on the virtual clock. */
  latencyBudgetMs: number;
  /** One call past this is abandoned: the model is slow, and the user is not left waiting. */
  modelTimeoutMs: number;
  /** The user's own rules before, around and after the model (a rules file: sim eval handover --rules), ahead of the built-in checks. */
  rules: GuardrailRules;
}

export const DEFAULT_GUARDRAIL_SETTINGS: GuardrailSettings = {
  flaggedSenders: [],
  costUnitsMax: 400,
  latencyBudgetMs: 60_000,
  modelTimeoutMs: 10_000,
  rules: NO_RULES,
};

/** The guardrail settings of a run: its own where it gives them, the defaults elsewhere. */
export function guardrailSettings(settings: { guardrails?: Partial<GuardrailSettings> }): GuardrailSettings {
  return { ...DEFAULT_GUARDRAIL_SETTINGS, ...settings.guardrails };
}

/**
 * What one call costs: one unit, and one more per 400 characters of the
 * transcript it is shown. Deterministic, so a budget is a fact of the
 * history; a user's deployment would count the provider's tokens instead.
 */
export function modelCallCost(transcriptChars: number): number {
  return 1 + Math.ceil(transcriptChars / 400);
}
