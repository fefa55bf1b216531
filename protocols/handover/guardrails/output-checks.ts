import { OUTCOME_LINES } from '../../../sim/families/handover/rules/outcome-lines.js';
import type { GuardTrigger } from './guard-trigger.js';

/**
 * The guardrails after the model: deterministic checks on what it wrote,
 * before anything reaches the user. Illustrative phrases, not a clinical or
 * legal list; what no rule can express is the optional classifier's.
 */
export interface DraftReply {
  text: string;
  /** What the user of this conversation wrote: their own data may be said back to them. */
  userLines: readonly string[];
}

export interface OutputCheck {
  name: 'no-diagnosis' | 'no-other-record' | 'no-unkept-promise';
  violation(draft: DraftReply): string | undefined;
}

/** Sent instead of a blocked reply: it promises nothing but the route to a person the input layer keeps. */
export const OUTPUT_SAFE_REPLY = 'I cannot answer that in this chat. Write "talk to a person" to reach someone.';

const DIAGNOSIS =
  /\b(you (probably |likely |may )?have (a |an )?[a-z]+itis|diagnos(is|e|ed)|it (is|sounds like) (a |an )?(infection|fracture|heart attack|stroke))\b/i;
const PROMISE =
  /\b(i guarantee|guaranteed|i promise|we will call you|you will get a refund|a (person|nurse|doctor) will (answer|call|see) you)\b/i;
/** Personal data as the check recognises it: e-mail addresses and phone numbers (seven digits or more). */
const PERSONAL = /[\w.+-]+@[\w-]+\.[\w.]+|\+?\d[\d -]{5,}\d/g;

export const NO_DIAGNOSIS: OutputCheck = {
  name: 'no-diagnosis',
  violation: ({ text }) => {
    const phrase = DIAGNOSIS.exec(text)?.[0];
    if (phrase !== undefined) return `a diagnosis: "${phrase}"`;
    // Only the rules give a triage outcome, in the harness's fixed words; a model that writes one has decided.
    const outcome = Object.values(OUTCOME_LINES).find((line) => text.includes(line));
    return outcome === undefined ? undefined : `a triage outcome the rules did not give: "${outcome}"`;
  },
};

export const NO_OTHER_RECORD: OutputCheck = {
  name: 'no-other-record',
  violation: ({ text, userLines }) => {
    const own = userLines.join('\n');
    const foreign = (text.match(PERSONAL) ?? []).find((token) => !own.includes(token.trim()));
    return foreign === undefined ? undefined : `personal data the user did not give: "${foreign.trim()}"`;
  },
};

export const NO_UNKEPT_PROMISE: OutputCheck = {
  name: 'no-unkept-promise',
  violation: ({ text }) => {
    const phrase = PROMISE.exec(text)?.[0];
    return phrase === undefined ? undefined : `a promise the service cannot keep: "${phrase}"`;
  },
};

export const OUTPUT_CHECKS: readonly OutputCheck[] = [NO_DIAGNOSIS, NO_OTHER_RECORD, NO_UNKEPT_PROMISE];

/** What a rule cannot express: a classifier (a model of its own, where a user runs one) may flag a reply, with a reason. */
export type OutputClassifier = (text: string) => { reason: string } | undefined;

/** The deterministic checks first, then the classifier when there is one; the first that objects decides. */
export function outputTriggerOf(
  checks: readonly OutputCheck[],
  classifier: OutputClassifier | undefined,
  draft: DraftReply,
): GuardTrigger | undefined {
  for (const check of checks) {
    const reason = check.violation(draft);
    if (reason !== undefined) return { layer: 'output', check: check.name, reason, handover: false, reply: OUTPUT_SAFE_REPLY };
  }
  const flagged = classifier?.(draft.text);
  return flagged === undefined
    ? undefined
    : { layer: 'output', check: 'classifier', reason: flagged.reason, handover: false, reply: OUTPUT_SAFE_REPLY };
}
