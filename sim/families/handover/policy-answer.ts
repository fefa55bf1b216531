import { lazyValidator } from '../../engine/lazy-validator.js';
import type { ModelAction } from '../../../protocols/handover/types.js';

/** What respond() must return, as the Policy type says it, in words for the one line that names a bad answer. */
export const VALID_ANSWER =
  "respond() must return { type: 'reply', text: string } or { type: 'tool-calls', calls: [{ name: string, arguments }] }, or a promise of one";

/**
 * ModelAction as JSON Schema, one schema per `type` so that ajv's first error
 * names the field that is wrong rather than a failed `oneOf`. A tool call's
 * arguments are the model's own (`unknown`): the harness validates them
 * against the tool's schema and answers a bad one with the tool's error.
 */
const ANSWERS: Record<ModelAction['type'], ReturnType<typeof lazyValidator<ModelAction>>> = {
  reply: lazyValidator<ModelAction>({
    type: 'object',
    properties: { type: { const: 'reply' }, text: { type: 'string' } },
    required: ['type', 'text'],
  }),
  'tool-calls': lazyValidator<ModelAction>({
    type: 'object',
    properties: {
      type: { const: 'tool-calls' },
      calls: {
        type: 'array',
        items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
    },
    required: ['type', 'calls'],
  }),
};

const SHOWN_MAX = 80;

/** The answer as the line shows it: short JSON, or what it is when JSON cannot say (undefined, a function). */
function shown(answer: unknown): string {
  if (answer === undefined) return 'undefined';
  if (typeof answer === 'function') return 'a function';
  let text: string;
  try {
    text = JSON.stringify(answer) ?? String(answer);
  } catch {
    text = Object.prototype.toString.call(answer);
  }
  return text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX - 1)}…` : text;
}

/** Why this answer is not a ModelAction, in one sentence naming the policy; undefined when it is one. */
export function invalidAnswer(policy: string, answer: unknown): string | undefined {
  const kind = answer !== null && typeof answer === 'object' ? (answer as { type?: unknown }).type : undefined;
  const validator = kind === 'reply' || kind === 'tool-calls' ? ANSWERS[kind] : undefined;
  if (validator?.validate(answer)) return undefined;
  const error = validator?.firstError();
  const where = error
    ? ` (here ${error.instancePath ? `answer${error.instancePath.replaceAll('/', '.')}` : 'the answer'} ${error.message ?? 'is wrong'})`
    : '';
  return `policy '${policy}' answered ${shown(answer)}: ${VALID_ANSWER}${where}`;
}
