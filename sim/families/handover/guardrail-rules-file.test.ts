import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../testing/temp-folder.js';
import { evaluate } from './eval/evaluate.js';
import type { EvalScenario } from './eval/suite.js';
import { DEFAULT_GRAPH } from './graph.js';
import { readGuardrailRules } from './guardrail-rules-file.js';

const folder = tempFolder('guardrail-rules');
const EXAMPLES = join(import.meta.dirname, '../../../protocols/handover/examples');
const reference = { policy: { kind: 'reference' as const }, graph: DEFAULT_GRAPH };

function rulesFile(name: string, value: unknown): string {
  writeFileSync(join(folder, name), typeof value === 'string' ? value : JSON.stringify(value));
  return name;
}

const SUITE: EvalScenario[] = [
  { id: 'front-desk', turns: ['Could the front desk call me about my bill?'], expected: { handover: true, byTurn: 1 } },
  { id: 'invoice', turns: ['I have a question about an invoice'], expected: { handover: true, byTurn: 1 } },
  { id: 'hours', turns: ['what are your opening hours?'], expected: { handover: false } },
  { id: 'asks', turns: ['I want to speak to a person'], expected: { handover: true, byTurn: 1 } },
];
const RULES = {
  before: [{ name: 'front-desk', phrases: ['Front Desk'] }],
  around: [{ name: 'invoice', pattern: 'user: [^\\n]*\\binvoice\\b' }],
  after: [{ name: 'insurance', pattern: 'insurance card' }],
};

describe('guardrail rules from a file, in the eval', () => {
  it('without rules the built-in checks decide alone: the front desk and the invoice are missed', async () => {
    const { metrics } = await evaluate({ scenarios: SUITE }, reference, folder);
    expect(metrics).toMatchObject({ missed: 2, unnecessary: 0 });
    expect(metrics.guardrails).toEqual({ before: { 'asks-for-person': 1 }, around: {}, after: {} });
  }, 60_000);

  it('a rule in each layer decides its conversation, counted per layer; the misses it covers are gone', async () => {
    const file = rulesFile('rules.json', RULES);
    await readGuardrailRules(file, folder);
    const { results, metrics } = await evaluate({ scenarios: SUITE }, { ...reference, rules: join(folder, file) }, folder);
    expect(metrics).toMatchObject({ missed: 0, unnecessary: 0, errors: 0 });
    expect(metrics.guardrails).toEqual({
      before: { 'asks-for-person': 1, 'front-desk': 1 },
      around: { invoice: 1 },
      after: { insurance: 1 },
    });
    const byId = Object.fromEntries(results.map((result) => [result.id, result]));
    expect(byId['front-desk']?.run).toMatchObject({ handoverTurn: 1, reason: 'guardrail' });
    expect(byId['invoice']?.run).toMatchObject({ handoverTurn: 1, reason: 'guardrail' });
    // The layer after the model sends its safe reply: no person, as the label says.
    expect(byId['hours']?.verdict).toBe('correct-no-handover');
  }, 60_000);

  it('the example module of rules loads, and its rule before the model decides the front desk', async () => {
    const rules = await readGuardrailRules(join(EXAMPLES, 'my-rules.ts'), folder);
    expect(Object.fromEntries(Object.entries(rules).map(([layer, list]) => [layer, list.map((rule) => rule.name)]))).toEqual({
      before: ['front-desk'],
      around: ['three-messages'],
      after: ['no-dosage'],
    });
    const { metrics } = await evaluate({ scenarios: SUITE.slice(0, 1) }, { ...reference, rules: join(EXAMPLES, 'my-rules.ts') }, folder);
    expect(metrics).toMatchObject({ missed: 0, guardrails: { before: { 'front-desk': 1 } } });
  }, 60_000);

  it('a rule whose check throws ends its scenario in an error, counted, and the others are judged', async () => {
    const module = rulesFile('throws.mjs', "export const before = [{ name: 'boom', check: (text) => { if (text.includes('bill')) throw new Error('no bills'); } }];");
    await readGuardrailRules(module, folder);
    const { results, metrics } = await evaluate({ scenarios: SUITE }, { ...reference, rules: join(folder, module) }, folder);
    expect(metrics.errors).toBe(1);
    expect(results.find((result) => result.id === 'front-desk')?.run.error).toContain('no bills');
  }, 60_000);

  it.each([
    ['not JSON', '{"before": [', '--rules bad.json: not JSON'],
    ['an unknown layer', { during: [] }, "--rules bad.json: the file must NOT have additional properties (layers: before, around, after)"],
    ['phrases and a pattern', { before: [{ name: 'x', phrases: ['a'], pattern: 'a' }] }, '--rules bad.json: a rule has phrases or a pattern, not both (layers: before, around, after)'],
    ['a pattern that is no regular expression', { after: [{ name: 'x', pattern: '(' }] }, '--rules bad.json /after/0: pattern is no regular expression: Invalid regular expression: /(/i: Unterminated group'],
    ['a built-in check\'s name', { before: [{ name: 'asks-for-person', phrases: ['a'] }] }, "--rules bad.json: 'asks-for-person' (before) is a built-in check's name; choose another"],
    ['an unknown action', { before: [{ name: 'x', phrases: ['a'], action: 'ignore' }] }, '--rules bad.json: /before/0/action must be equal to one of the allowed values (layers: before, around, after)'],
  ])('%s is one sentence naming the file', async (_, content, message) => {
    await expect(readGuardrailRules(rulesFile('bad.json', content), folder)).rejects.toThrow(message);
  });

  it('a module without rules, or with a rule without check(), is one sentence', async () => {
    await expect(readGuardrailRules(rulesFile('none.mjs', 'export const x = 1;'), folder)).rejects.toThrow(
      '--rules none.mjs exports no rules: export before, around and/or after, each an array of rules',
    );
    await expect(readGuardrailRules(rulesFile('nocheck.mjs', "export const after = [{ name: 'x' }];"), folder)).rejects.toThrow(
      '--rules nocheck.mjs: after[0] must have a name (lower-case letters, digits, dashes) and check(text)',
    );
  });
});
