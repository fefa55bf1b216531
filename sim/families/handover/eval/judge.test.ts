import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../../testing/temp-folder.js';
import { DEFAULT_GRAPH } from '../graph.js';
import { evaluate } from './evaluate.js';
import { loadJudgeModule, type ContextJudge } from './judge.js';
import { brokenThresholds } from './metrics.js';
import type { EvalScenario } from './suite.js';

const scratch = tempFolder('judge');
const EXAMPLE = join(import.meta.dirname, '../../../../protocols/handover/examples/my-judge.ts');
const subject = { policy: { kind: 'reference' as const }, graph: DEFAULT_GRAPH };

/** The ticket carries "asked for a person: "speak to a person"": the words of this fact are in it, not in that order. */
const SCENARIOS: EvalScenario[] = [
  { id: 'asks', turns: ['I want to speak to a person'], expected: { handover: true, byTurn: 1, facts: ['person speak'] } },
  { id: 'chats', turns: ['what are your opening hours?'], expected: { handover: false } },
];

function module(name: string, text: string): string {
  writeFileSync(join(scratch, name), text);
  return name;
}

describe('context quality with a judge of the user', () => {
  it('the deterministic judge finds no "person speak" in the ticket; the example judge, word by word, does', async () => {
    const deterministic = await evaluate({ scenarios: SCENARIOS }, subject, scratch);
    expect(deterministic.metrics).toMatchObject({ contextQuality: 0, judgeErrors: 0 });
    const judge = await loadJudgeModule(EXAMPLE, scratch);
    const judged = await evaluate({ scenarios: SCENARIOS }, subject, scratch, { judge });
    expect(judged.metrics).toMatchObject({ contextQuality: 1, judgeErrors: 0 });
    expect(judged.results[0]?.factsCarried).toEqual(['person speak']);
  }, 60_000);

  it('a judge asked nothing without a handover: only the conversation handed over is judged', async () => {
    const asked: string[] = [];
    const judge: ContextJudge = ({ id, facts }) => (asked.push(id), { carried: [...facts] });
    await evaluate({ scenarios: SCENARIOS }, subject, scratch, { judge });
    expect(asked).toEqual(['asks']);
  }, 60_000);

  it.each([
    ['throws', 'export default () => { throw new Error("no key for the model"); };', 'the judge threw: no key for the model'],
    ['never settles', 'export const judge = () => new Promise(() => {});', 'the judge did not answer within 300 ms'],
    ['answers a fact it was not asked about', 'export default () => ({ carried: ["chest pain"] });', 'the judge answered carried "chest pain", which is none of the required facts'],
    ['answers no list', 'export default () => "yes";', 'the judge answered "yes": give { carried: [the facts carried] }'],
  ])('a judge that %s is a counted error of that handover, and breaks the run', async (_, text, error) => {
    const judge = await loadJudgeModule(module(`judge-${_.replace(/\W+/g, '-')}.mjs`, text), scratch);
    const { results, metrics } = await evaluate({ scenarios: SCENARIOS }, subject, scratch, { judge, timeoutMs: 300 });
    expect(results[0]).toMatchObject({ verdict: 'correct', judgeError: error, factsCarried: [], factsMissing: [] });
    // Left out of context quality: neither carried nor missing.
    expect(metrics).toMatchObject({ judgeErrors: 1, contextQuality: 1, errors: 0 });
    expect(brokenThresholds(metrics, undefined)).toEqual(['1 handover(s) the judge could not judge']);
  }, 60_000);

  it('a module without a judge function is one sentence', async () => {
    await expect(loadJudgeModule(module('nothing.mjs', 'export const x = 1;'), scratch)).rejects.toThrow(
      'judge file nothing.mjs must export (as default or as judge) a function judge({ id, facts, context, turns })',
    );
  });
});
