import type { GuardTrigger } from './guard-trigger.js';
import { OUTPUT_SAFE_REPLY } from './output-checks.js';

/** The three layers a user's rule can sit in: the user's message, the conversation before each model call, the model's reply. */
export const RULE_LAYERS = ['before', 'around', 'after'] as const;
export type RuleLayer = (typeof RULE_LAYERS)[number];

/** What a rule does when it decides: a person takes over, a fixed reply is sent, or both. */
export const RULE_ACTIONS = ['handover', 'safe-reply', 'handover+safe-reply'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/**
 * One guardrail of the user's: a name (the guardrail log and the eval's
 * counts use it), a check of one text, and what happens when it decides.
 * `check` returns why it decides (a reason the operator can read), or
 * undefined to let the text pass; it is synchronous and deterministic, as
 * the built-in checks are.
 */
export interface GuardrailRule {
  name: string;
  check(text: string): string | undefined;
  /** 'handover' before and around the model, 'safe-reply' after it, when absent. */
  action?: RuleAction;
  /** The fixed line a safe reply sends; the harness's OUTPUT_SAFE_REPLY when absent. */
  reply?: string;
}

/** A user's rules by layer; each layer's rules run in order before the built-in checks of that layer, and the first that decides wins. */
export type GuardrailRules = Readonly<Record<RuleLayer, readonly GuardrailRule[]>>;

export const NO_RULES: GuardrailRules = { before: [], around: [], after: [] };

/** The guardrail log's layer for each of the user's layers. */
const LOG_LAYER: Readonly<Record<RuleLayer, GuardTrigger['layer']>> = { before: 'input', around: 'model', after: 'output' };
const DEFAULT_ACTION: Readonly<Record<RuleLayer, RuleAction>> = { before: 'handover', around: 'handover', after: 'safe-reply' };

/** The user's layer a guardrail log row belongs to (the tool layer is the sandbox's, not a rule's). */
export function ruleLayerOf(logLayer: string): RuleLayer | 'tool' {
  if (logLayer === 'input') return 'before';
  if (logLayer === 'model') return 'around';
  if (logLayer === 'output') return 'after';
  return 'tool';
}

/**
 * The first of a layer's rules that decides `text`, as the trigger the
 * harness acts on; undefined when none does. A check that answers anything
 * but a reason or undefined is a bug in the rule, told by its name.
 */
export function ruleTriggerOf(rules: GuardrailRules, layer: RuleLayer, text: string): GuardTrigger | undefined {
  for (const rule of rules[layer]) {
    const reason: unknown = rule.check(text);
    if (reason === undefined) continue;
    if (typeof reason !== 'string' || reason === '')
      throw new Error(`guardrail rule '${rule.name}' (${layer}) answered ${JSON.stringify(reason)}: a reason (a non-empty string) or undefined`);
    const action = rule.action ?? DEFAULT_ACTION[layer];
    return {
      layer: LOG_LAYER[layer],
      check: rule.name,
      reason,
      handover: action !== 'safe-reply',
      ...(action === 'handover' ? {} : { reply: rule.reply ?? OUTPUT_SAFE_REPLY }),
    };
  }
  return undefined;
}

/** The conversation as the rules around the model read it: one `role: text` line per transcript line. */
export function transcriptText(transcript: readonly { role: string; text: string }[]): string {
  return transcript.map((line) => `${line.role}: ${line.text}`).join('\n');
}
