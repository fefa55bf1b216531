import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimedConversationHarness } from '../../../app/conversation-harness.js';
import { prepareEvaluation } from '../../handover/eval/evaluation.js';
import { tempFolder } from '../../../testing/temp-folder.js';
import { agentsHarness } from './agents-harness.js';

const scratch = tempFolder('openai-agents-eval');
const REPO = join(import.meta.dirname, '../../../..');
const CLINIC = join(REPO, 'protocols/openai-agents/examples/clinic-agents.ts');
const fixture = (name: string) => join(import.meta.dirname, '../fixtures', name);
const LOG_SUITE = readFileSync(join(REPO, 'scenarios/handover/eval/log-suite.jsonl'), 'utf8');
const SUITE = [
  { id: 'asks', turns: ['hello', 'I want to speak to a person about my results'], expected: { handover: true, target: 'human_nurse', byTurn: 2, facts: ['my results'] } },
  { id: 'hours', turns: ['what are your opening hours?'], expected: { handover: false } },
  { id: 'crisis', turns: ['My mum fell and she is not making sense'], expected: { handover: true, target: 'human_nurse', byTurn: 1 } },
]
  .map((scenario) => JSON.stringify(scenario))
  .join('\n');

interface Document {
  metrics: { missed: number; unnecessary: number; wrongTarget: number; late: number; contextQuality: number; scenarios: number; guardrails: Record<string, Record<string, number>> };
  results: { id: string; verdict: string; handoverTurn: number | null; target: string | null; announcedTurn?: number; error?: string }[];
}

async function evaluated(protocol: string, suiteText = SUITE, inputs: Record<string, unknown> = {}): Promise<Document> {
  const request = { suiteText, suiteName: 's', rereadSuite: () => suiteText, inputs, protocol, claimHarness: claimedConversationHarness };
  const prepared = await prepareEvaluation(request, REPO);
  return (await prepared.run(scratch)).document as Document;
}

const verdicts = (document: Document) => Object.fromEntries(document.results.map((result) => [result.id, result.verdict]));

/** The tickets a conversation left in its human-queue.db, played by the harness into a folder that is kept. */
async function ticketsAfter(module: string, id: string, turns: string[]): Promise<{ reason: string; summary: string }[]> {
  const harness = await agentsHarness(module, module);
  const folder = join(scratch, 'kept', id);
  await harness.play({ id, turns: turns.map((text) => ({ role: 'user', text })) }, folder);
  const db = new Database(join(folder, 'human-queue.db'), { readonly: true });
  try {
    return (db.prepare('SELECT ticket FROM tickets ORDER BY seq').all() as { ticket: string }[]).map((row) => JSON.parse(row.ticket));
  } finally {
    db.close();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('sim eval handover on a user\'s OpenAI Agents SDK agents', () => {
  it('a handoff the model calls opens one ticket, at the turn it was asked for: no miss, the context carries the facts', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('an evaluation must not reach the network')));
    vi.stubGlobal('fetch', fetch);
    expect(await ticketsAfter(CLINIC, 'called', ['hello', 'I want to speak to a person about my results'])).toEqual([
      { reason: 'asks for a person', summary: 'I want to speak to a person about my results' },
    ]);
    const document = await evaluated(CLINIC);
    expect(verdicts(document)).toEqual({ asks: 'correct', hours: 'correct-no-handover', crisis: 'correct' });
    expect(document.results[0]).toMatchObject({ handoverTurn: 2, target: 'human_nurse' });
    expect(document.metrics).toMatchObject({ missed: 0, unnecessary: 0, wrongTarget: 0, late: 0, contextQuality: 1 });
    // The same suite through the same agents: the same outcome, conversation by conversation.
    expect(await evaluated(CLINIC)).toEqual(document);
    expect(fetch).not.toHaveBeenCalled();
  }, 60_000);

  it('a handover announced in the reply and never called opens no ticket and counts as missed', async () => {
    expect(await ticketsAfter(fixture('announcing-agents.ts'), 'announced', ['hello', 'I want to speak to a person about my results'])).toEqual([]);
    const document = await evaluated(fixture('announcing-agents.ts'));
    expect(verdicts(document)).toEqual({ asks: 'missed', hours: 'correct-no-handover', crisis: 'correct' });
    expect(document.results[0]).toMatchObject({ handoverTurn: null, announcedTurn: 2 });
    expect(document.metrics.missed).toBe(1);
  }, 60_000);

  it('a tripped guardrail is the guardrail deciding: the input one catches the crisis the model misses, the output one the announcement', async () => {
    const unguarded = await evaluated(fixture('unguarded-agents.ts'));
    expect(verdicts(unguarded).crisis).toBe('missed');
    expect(unguarded.metrics).toMatchObject({ missed: 1, guardrails: { before: {}, after: {} } });
    const guarded = await evaluated(CLINIC);
    expect(guarded.metrics).toMatchObject({ missed: 0, guardrails: { before: { 'crisis-phrase': 1 }, after: {} } });
    expect(guarded.results[2]).toMatchObject({ handoverTurn: 1, target: 'human_nurse' });

    const caught = await evaluated(fixture('announcing-guarded-agents.ts'));
    expect(verdicts(caught).asks).toBe('correct');
    expect(caught.metrics).toMatchObject({ missed: 0, guardrails: { before: { 'crisis-phrase': 1 }, after: { 'announced-handover': 1 } } });
  }, 120_000);

  it('a suite of conversation logs with roles: agent turns are not sent, turns count every role, the operator gives the conversation back', async () => {
    const document = await evaluated(CLINIC, LOG_SUITE);
    expect(verdicts(document)).toEqual({
      'log-put-through': 'correct',
      'log-operator-returns': 'correct',
      'log-front-desk': 'missed',
      'log-no-need': 'correct-no-handover',
    });
    expect(document.results[0]).toMatchObject({ handoverTurn: 3, target: 'human_nurse' });
    expect(document.results[1]?.error).toBeUndefined();
    expect(document.metrics).toMatchObject({ scenarios: 4, missed: 1, contextQuality: 1 });
  }, 60_000);

  it.each([
    ['a module without respond', fixture('my-agents.ts'), {}, /my-agents\.ts: sim eval plays each conversation of the suite through your agents, .*export function respond/],
    ['--policy beside SDK agents', CLINIC, { policy: 'my-policy.ts' }, /^--policy shapes the handover family's own harness; .*clinic-agents\.ts runs its own agents, model and guardrails: leave --policy out$/],
  ])('%s is one InputError before anything runs', async (_, protocol, inputs, message) => {
    await expect(evaluated(protocol, SUITE, inputs)).rejects.toThrow(message);
  }, 30_000);
});
