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
    [
      '{"goal":"g","budget_calls":3,"steps":[{"id":"a","action":"edit","files":["a.ts","a.ts"],"gate":"npm run build"}]}',
      'plan.json: /steps/0/files must NOT have duplicate items',
    ],
    [
      '{"goal":"g","budget_calls":3,"steps":[{"id":"a","action":"edit","files":["a.ts"],"args":{"content":5},"gate":"npm run build"}]}',
      'plan.json: /steps/0/args/content must be string',
    ],
    [
      '{"goal":"g","budget_calls":3,"steps":[{"id":"a","action":"edit","files":["a.ts"],"gate":"results > 0"}]}',
      "plan.json: /steps/0/gate 'results > 0' counts a read tool's results, and this step writes its files, which answers none",
    ],
    [
      '{"goal":"g","budget_calls":3,"steps":[{"id":"a","action":"run_command","args":{"command":"npm test"},"gate":"results>0"}]}',
      "plan.json: /steps/0/gate 'results>0' counts a read tool's results, and this step calls run_command",
    ],
    [
      '{"goal":"g","budget_calls":3,"steps":[{"id":"a","action":"serch_components","gate":"results > 0"}]}',
      "plan.json: /steps/0/action 'serch_components' is no tool the tool server knows (write_file, run_command, search_components, verify); did you mean 'search_components'?",
    ],
    [
      '{"goal":"g","budget_calls":3,"read_tools":["run_command"],"steps":[{"id":"a","action":"verify","gate":"g"}]}',
      "plan.json: /read_tools/0 'run_command' is one of the tool server's own tools, not a read tool",
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

  it('accepts a read tool the plan declares, and a results gate on a read step', () => {
    const text = '{"goal":"g","budget_calls":3,"read_tools":["lookup_docs"],"steps":[{"id":"a","action":"lookup_docs","gate":"results > 0"}]}';
    expect(parsePlan(text, 'plan.json').read_tools).toEqual(['lookup_docs']);
  });

  it('hashes the plan by content, not key order', () => {
    const reordered = JSON.parse(JSON.stringify({ steps: SEED_PLAN.steps, budget_calls: 40, goal: SEED_PLAN.goal }));
    expect(planHash(reordered)).toBe(planHash(SEED_PLAN));
    expect(planHash({ ...SEED_PLAN, budget_calls: 41 })).not.toBe(planHash(SEED_PLAN));
    // The checkpoint keeps the first 16 hex digits of the digest.
    expect(planHash(SEED_PLAN)).toMatch(/^[0-9a-f]{16}$/);
  });
});
