import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../../testing/temp-folder.js';
import { DEFAULT_GRAPH } from '../graph.js';
import { evaluate } from './evaluate.js';
import { playScenario, scenarioEvents } from './run-eval.js';
import { parseSuite, type EvalScenario } from './suite.js';

const scratch = tempFolder('log-suite');
const LOG_SUITE = join(import.meta.dirname, '../../../../scenarios/handover/eval/log-suite.jsonl');
const line = (value: unknown) => JSON.stringify(value);

describe('a suite made from conversation logs', () => {
  it('the harness answers the user turns; agent turns go with the next event; a run of operator turns is one return', () => {
    const events = scenarioEvents([
      { role: 'user', text: 'hello' },
      { role: 'agent', text: 'Hi, how can I help?' },
      { role: 'user', text: 'I want to speak to a person' },
      { role: 'operator', text: 'Moved to Tuesday.' },
      { role: 'operator', text: 'Anything else?' },
      'thanks',
    ]);
    expect(events.map(({ kind, ordinal }) => [kind, ordinal])).toEqual([
      ['user', 0],
      ['user', 2],
      ['operator-return', 3],
      ['user', 5],
    ]);
    expect(events[2]).toMatchObject({ messages: ['Moved to Tuesday.', 'Anything else?'] });
    expect(events.map((event) => event.agentLines)).toEqual([undefined, ['Hi, how can I help?'], undefined, undefined]);
  });

  it("a log's agent turns are in the harness's stored transcript, as the active agent's lines before the user's next turn", async () => {
    const folder = join(scratch, 'played');
    mkdirSync(folder, { recursive: true });
    const scenario: EvalScenario = {
      id: 'played',
      turns: [
        { role: 'agent', text: 'Welcome to the clinic, how can I help?' },
        { role: 'user', text: 'What are your opening hours?' },
        { role: 'agent', text: 'We open at 8. Anything else?' },
        { role: 'agent', text: 'I can also book you in.' },
        { role: 'user', text: 'Yes, friday please.' },
      ],
      expected: { handover: true },
    };
    // A rule around the model that reads the agent's earlier lines: it decides only if they are in the transcript.
    const rules = join(folder, 'rules.json');
    writeFileSync(rules, JSON.stringify({ around: [{ name: 'offered-booking', pattern: 'agent: I can also book you in' }] }));
    const outcome = await playScenario(scenario, { policy: { kind: 'reference' }, graph: DEFAULT_GRAPH, rules }, folder);
    expect(outcome.end.kind).toBe('completed');
    const db = new Database(join(folder, 'orchestrator.db'), { readonly: true });
    const transcript = db.prepare('SELECT event_id, role, agent, text FROM transcript ORDER BY id').all() as Record<string, string>[];
    const decided = db.prepare('SELECT event_id, check_name FROM guardrail_log').all();
    db.close();
    const lines = transcript.map((row) => `${row.event_id} ${row.role} ${row.agent ?? '-'}: ${row.text}`);
    expect(lines.slice(0, 2)).toEqual(['e2 agent router: Welcome to the clinic, how can I help?', 'e2 user -: What are your opening hours?']);
    const e5 = lines.filter((line) => line.startsWith('e5 ')).slice(0, 3);
    expect(e5).toEqual([
      `e5 agent ${transcript.find((row) => row.event_id === 'e5')!.agent}: We open at 8. Anything else?`,
      `e5 agent ${transcript.find((row) => row.event_id === 'e5')!.agent}: I can also book you in.`,
      'e5 user -: Yes, friday please.',
    ]);
    // The log's lines belong to the agent that has the conversation after the harness's own first answer.
    expect(transcript.find((row) => row.event_id === 'e5')!.agent).toBe('information');
    expect(decided).toEqual([{ event_id: 'e5', check_name: 'offered-booking' }]);
  }, 60_000);

  it('the example log suite: the handover turn counts every turn of the log, the explicit request three turns in is caught', async () => {
    const suite = parseSuite(readFileSync(LOG_SUITE, 'utf8'), 'log-suite.jsonl');
    const { results, metrics } = await evaluate(suite, { policy: { kind: 'reference' }, graph: DEFAULT_GRAPH }, scratch);
    const byId = Object.fromEntries(results.map((result) => [result.id, result]));
    expect(byId['log-put-through']).toMatchObject({ verdict: 'correct', run: { handoverTurn: 3, target: 'human_nurse' }, factsCarried: ['put me through'] });
    // The operator's return comes after the handover it answers: the run goes on without an error.
    expect(byId['log-operator-returns']).toMatchObject({ verdict: 'correct', run: { handoverTurn: 1 } });
    expect(byId['log-operator-returns']?.run.error).toBeUndefined();
    expect(byId['log-front-desk']?.verdict).toBe('missed');
    expect(metrics).toMatchObject({ scenarios: 4, missed: 1, unnecessary: 0, errors: 0, contextQuality: 1 });
  }, 60_000);

  it.each([
    [
      'an unknown role',
      { id: 'a', turns: [{ role: 'nurse', text: 'hi' }], expected: { handover: false } },
      'suite s line 1: /turns/0 has role "nurse": one of user, agent, operator',
    ],
    ['an unlabelled conversation', { id: 'a', turns: ['hi'] }, 'suite s line 1: the conversation has no label: give expected, as {"handover": true | false, ...}'],
    [
      'a log without a user turn',
      { id: 'a', turns: [{ role: 'agent', text: 'hi' }], expected: { handover: false } },
      'suite s line 1: /turns has no user turn: the harness answers the user turns',
    ],
    [
      'a turn with more than role and text',
      { id: 'a', turns: [{ role: 'user', text: 'hi', at: 3 }], expected: { handover: false } },
      "suite s line 1: /turns/0 has 'at': a turn has role and text only",
    ],
    [
      'a byTurn past the log',
      { id: 'a', turns: ['hi', { role: 'agent', text: 'hello' }], expected: { handover: true, byTurn: 3 } },
      'suite s line 1: /expected/byTurn is 3, past the last of 2 turns',
    ],
  ])('%s is one InputError naming the line', (_, scenario, message) => {
    expect(() => parseSuite(line(scenario), 's')).toThrow(message);
  });
});
