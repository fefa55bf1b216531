import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCase, type AnyFamily } from '../../engine/run-case.js';
import { protocolFromFile } from '../../engine/protocol-file.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { langgraphFamily } from './family.js';
import { protocolFromModule } from './protocol-module.js';
import { TABLE_INTENTION } from './workload.js';

const folder = tempFolder('langgraph-module');
const family = langgraphFamily as unknown as AnyFamily;
const MY_GRAPH = join(import.meta.dirname, 'fixtures', 'my-graph.ts');

describe("a user's graph module", () => {
  it('runs unchanged from its file: two emails when the reply is lost, read from effects.db', async () => {
    const protocol = await protocolFromFile(family, MY_GRAPH, MY_GRAPH, 'my-graph#load');
    const result = await runCase({
      family,
      protocol,
      folder: join(folder, 'lost-reply'),
      cut: { index: 0, name: 'effect-applied' },
      protocolFile: MY_GRAPH,
    });
    expect(result.error).toBeUndefined();
    expect(result.lives.map((life) => life.ended)).toEqual(['crashed', 'completed']);
    const db = new Database(join(folder, 'lost-reply', 'effects.db'), { readonly: true });
    const n = (db.prepare('SELECT COUNT(*) AS n FROM effects WHERE intention_id = ?').get(TABLE_INTENTION) as { n: number }).n;
    db.close();
    expect(n).toBe(2);
  });

  it('says in one sentence what a module lacks', () => {
    expect(protocolFromModule({ name: 'x' }, 'my.ts')).toBe(
      'my.ts exports no graph: export function graph({ checkpointer, model, effects }) returning your graph compiled with that checkpointer',
    );
    expect(protocolFromModule({ graph: () => undefined, name: 'Bad Name' }, 'my.ts')).toMatch(/^my\.ts: export const name/);
    expect(protocolFromModule({ graph: () => undefined, name: 'x', contract: 'exactly-once' }, 'my.ts')).toMatch(
      /^my\.ts: contract must be one of no-receipt, atomic-receipt/,
    );
  });

  it("completes the module's own case: ids for its tool calls, the intention it derives, the interrupts approved", () => {
    const protocol = protocolFromModule(
      {
        name: 'refunds',
        graph: () => undefined,
        input: { messages: [] },
        script: [{ toolCalls: [{ name: 'refund', args: { order: 7 } }] }, { content: 'Done.' }],
        intention: (call: { args: { order: number } }) => `order-${call.args.order}`,
      },
      'my.ts',
    );
    expect(typeof protocol === 'object' && protocol.case).toEqual({
      input: { messages: [] },
      script: [{ content: '', toolCalls: [{ id: 'call_1', name: 'refund', args: { order: 7 }, intention: 'order-7' }] }, { content: 'Done.' }],
      answer: 'approve',
    });
  });

  it("says in one sentence what is wrong with the module's case", () => {
    const graph = () => undefined;
    expect(protocolFromModule({ name: 'x', graph, input: {} }, 'my.ts')).toMatch(/^my\.ts: export const script = \[/);
    expect(protocolFromModule({ name: 'x', graph, script: [] }, 'my.ts')).toMatch(/^my\.ts: export const input = /);
    expect(protocolFromModule({ name: 'x', graph, input: {}, script: [{ toolCalls: [{ name: 'refund' }] }] }, 'my.ts')).toMatch(
      /^my\.ts: script\[0\] has a tool call that is not/,
    );
    const script = [{ toolCalls: [{ name: 'refund', args: {} }] }];
    expect(protocolFromModule({ name: 'x', graph, input: {}, script, intention: () => '' }, 'my.ts')).toBe(
      'my.ts: intention() must return a non-empty string for the refund call',
    );
    expect(protocolFromModule({ name: 'x', graph, intention: () => 'k' }, 'my.ts')).toBe('my.ts: export input and script too, the case they belong to');
  });
});
