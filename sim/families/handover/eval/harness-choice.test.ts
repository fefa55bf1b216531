import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../../testing/temp-folder.js';
import { DEFAULT_SUITE_TEXT } from '../../../../scenarios/handover/eval/default-suite.js';
import { prepareEvaluation } from './evaluation.js';

const scratch = tempFolder('harness-choice');
const EXAMPLES = join(import.meta.dirname, '../../../../protocols/handover/examples');
const SUITE = [
  { id: 'put-through', turns: ['Put me through to someone at the clinic'], expected: { handover: true, byTurn: 1 } },
  { id: 'front-desk', turns: ['Could the front desk call me about my bill?'], expected: { handover: true, byTurn: 1 } },
]
  .map((scenario) => JSON.stringify(scenario))
  .join('\n');

async function evaluated(inputs: Record<string, unknown>, protocol?: string) {
  const prepared = await prepareEvaluation(
    { suiteText: SUITE, suiteName: 's', rereadSuite: () => SUITE, inputs, ...(protocol === undefined ? {} : { protocol }) },
    EXAMPLES,
  );
  return (await prepared.run(scratch)).document as { metrics: { missed: number; guardrails: Record<string, Record<string, number>> } };
}

describe('sim eval handover on the user harness (--protocol)', () => {
  it('the reference catches the explicit request before the model; a harness without input checks misses it; a rules file still runs before its model', async () => {
    expect((await evaluated({})).metrics).toMatchObject({ missed: 1, guardrails: { before: { 'asks-for-person': 1 } } });
    const own = await evaluated({}, 'my-unguarded-harness.ts');
    expect(own.metrics).toMatchObject({ missed: 2, guardrails: { before: {} } });
    const withRules = await evaluated({ rules: 'my-rules.json' }, 'my-unguarded-harness.ts');
    expect(withRules.metrics).toMatchObject({ missed: 1, guardrails: { before: { 'front-desk': 1 } } });
  }, 60_000);

  it('a built-in protocol by name is evaluated as well', async () => {
    expect((await evaluated({}, 'reference-harness')).metrics.missed).toBe(1);
  }, 60_000);

  it.each([
    ['an unknown name', 'no-such-harness', "unknown protocol 'no-such-harness' in family handover; valid: reference-harness,"],
    ['a missing file', './missing.ts', 'protocol file ./missing.ts does not exist'],
    ['a module that is no harness', '../../../sim/testing/fixtures/policy-slow.mjs', '../../../sim/testing/fixtures/policy-slow.mjs: a handover harness needs receive(ctx, event) and resume(ctx)'],
  ])('%s is one InputError before anything runs', async (_, protocol, message) => {
    await expect(
      prepareEvaluation({ suiteText: DEFAULT_SUITE_TEXT, suiteName: '(built-in)', rereadSuite: () => '', inputs: {}, protocol }, EXAMPLES),
    ).rejects.toThrow(message);
  }, 30_000);
});
