import type { ErrorObject } from 'ajv';
import { lazyValidator } from '../../sim/engine/lazy-validator.js';
import { InputError } from '../../sim/engine/input-error.js';
import type { Plan } from './plan.js';
import { planToolProblem } from './plan-tools.js';

/** A plan file that is not one: the file and its first schema error, in one line. */
export class PlanFileError extends InputError {}

/** The plan file's JSON Schema: what seed 000 calls a plan, with nothing else allowed. */
export const PLAN_SCHEMA = {
  $id: 'https://cutpoint.dev/schemas/plan.json',
  type: 'object',
  additionalProperties: false,
  required: ['goal', 'budget_calls', 'steps'],
  properties: {
    goal: { type: 'string', minLength: 1 },
    budget_calls: { type: 'integer', minimum: 1, maximum: 100000 },
    read_tools: { type: 'array', maxItems: 100, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 } },
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'action', 'gate'],
        properties: {
          id: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' },
          action: { type: 'string', minLength: 1 },
          args: { type: 'object' },
          files: { type: 'array', uniqueItems: true, items: { type: 'string', minLength: 1 } },
          gate: { type: 'string', minLength: 1 },
        },
        // A step without files calls its action as a tool with its args: the tool server's own tools need theirs,
        // or every case of a table fails inside the tool server and blames the protocol.
        allOf: [
          // A step with files writes them with its args' content when it gives one: a content of another type would be dropped.
          {
            if: { required: ['files'] },
            then: { properties: { args: { type: 'object', properties: { content: { type: 'string' } } } } },
          },
          {
            if: { required: ['action'], properties: { action: { const: 'write_file' } }, not: { required: ['files'] } },
            then: {
              required: ['args'],
              properties: {
                args: {
                  type: 'object',
                  required: ['path', 'content'],
                  properties: { path: { type: 'string', minLength: 1 }, content: { type: 'string' } },
                },
              },
            },
          },
          {
            if: { required: ['action'], properties: { action: { const: 'run_command' } }, not: { required: ['files'] } },
            then: {
              required: ['args'],
              properties: { args: { type: 'object', required: ['command'], properties: { command: { type: 'string', minLength: 1 } } } },
            },
          },
        ],
      },
    },
  },
} as const;

const planValidator = lazyValidator<Plan>(PLAN_SCHEMA);

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'the plan' : error.instancePath;
  // ajv's sentence for an extra property does not say which one; the user needs its name to find it.
  const extra = error.keyword === 'additionalProperties' ? ` ('${String(error.params['additionalProperty'])}')` : '';
  return `${where} ${error.message ?? 'is invalid'}${extra}`;
}

/**
 * Checks a parsed value against the plan schema, then what a schema cannot
 * say (step ids are unique, since each names a step key; each tool a step
 * calls is one the tool server knows or the plan declares). Throws a
 * PlanFileError naming `source` and the first problem.
 */
export function validatePlan(value: unknown, source: string): Plan {
  if (!planValidator.validate(value)) {
    const first = planValidator.firstError();
    throw new PlanFileError(`${source}: ${first ? describe(first) : 'is not a plan'}`);
  }
  const seen = new Set<string>();
  for (const [index, step] of value.steps.entries()) {
    if (seen.has(step.id)) throw new PlanFileError(`${source}: /steps/${index}/id repeats step id '${step.id}'`);
    seen.add(step.id);
  }
  const toolProblem = planToolProblem(value);
  if (toolProblem !== undefined) throw new PlanFileError(`${source}: ${toolProblem}`);
  return value;
}

/** Parses a plan file's text: not JSON, or not a plan, is a PlanFileError in one line. */
export function parsePlan(text: string, source: string): Plan {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PlanFileError(`${source}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return validatePlan(value, source);
}
