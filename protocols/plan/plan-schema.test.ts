import { describe, expect, it } from 'vitest';
import { planHash } from './plan.js';
import { parsePlan, PlanFileError, validatePlan } from './plan-schema.js';
import { SEED_PLAN } from './seed-plan.js';

describe('plan schema', () => {
  it('accepts the seed plan as it ships', () => {
    expect(validatePlan(structuredClone(SEED_PLAN), 'seed')).toEqual(SEED_PLAN);
  });

  it.each([
    ['{"goal":"g","budget_calls":0,"steps":[{"id":"a","action":"x","gate":"g"}]}', 'plan.json: /budget_calls must be >= 1'],
    ['{"goal":"g","budget_calls":3,"steps":[]}', 'plan.json: /steps must NOT have fewer than 1 items'],
    ['{"goal":"g","budget_calls":3,"steps":[{"id":"a","action":"x"}]}', "plan.json: /steps/0 must have required property 'gate'"],
    ['{"budget_calls":3,"steps":[]}', "plan.json: the plan must have required property 'goal'"],
    ['[1', 'plan.json: not JSON'],
    [
      '{"goal":"g","budget_calls":3,"steps":[{"id":"a","action":"x","gate":"g","extra":1}]}',
      "plan.json: /steps/0 must NOT have additional properties ('extra')",
    ],
    ['{"goal":"g","budget_calls":3,"steps":[{"id":"a","action":"write_file","gate":"g"}]}', "plan.json: /steps/0 must have required property 'args'"],
    [
      '{"goal":"g","budget_calls":3,"steps":[{"id":"a","action":"run_command","args":{"command":7},"gate":"g"}]}',
      'plan.json: /steps/0/args/command must be string',
    ],
    [
      '{"goal":"g","budget_calls":3,"steps":[{"id":"a","action":"x","gate":"g"},{"id":"a","action":"y","gate":"g"}]}',
      "plan.json: /steps/1/id repeats step id 'a'",
    ],
  ])('refuses %s with its first error in one line', (text, message) => {
    let thrown: unknown;
    try {
      parsePlan(text, 'plan.json');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PlanFileError);
    const line = (thrown as Error).message;
    expect(line.startsWith(message)).toBe(true);
    expect(line).not.toContain('\n');
  });

  it('hashes the plan by content, not key order', () => {
    const reordered = JSON.parse(JSON.stringify({ steps: SEED_PLAN.steps, budget_calls: 40, goal: SEED_PLAN.goal }));
    expect(planHash(reordered)).toBe(planHash(SEED_PLAN));
    expect(planHash({ ...SEED_PLAN, budget_calls: 41 })).not.toBe(planHash(SEED_PLAN));
    // The checkpoint keeps the first 16 hex digits of the digest.
    expect(planHash(SEED_PLAN)).toMatch(/^[0-9a-f]{16}$/);
  });
});
