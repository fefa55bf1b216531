import { describe, expect, it } from 'vitest';
import type { ConversationView, ModelAction, Policy, ToolSpec } from '../../../protocols/handover/types.js';
import { VirtualClock } from '../../engine/clock.js';
import { timedModel } from './timed-model.js';

const view = (): ConversationView => ({
  conversationId: 'c1',
  agent: 'router',
  transcript: [{ role: 'user', agent: null, text: 'hello' }],
});
const tools: ToolSpec[] = [{ name: 'transfer', description: 'hand over', parameters: { type: 'object' } }];
const answering = (answer: () => unknown): Policy => ({ name: 'x', respond: answer as () => ModelAction });
const call = (policy: Policy, conversation = view()) => timedModel(policy, new VirtualClock(), 10_000).respond(conversation, tools);

describe('timedModel: what the world accepts as the model answer', () => {
  it.each([
    { answer: 42, shown: '42' },
    { answer: null, shown: 'null' },
    { answer: undefined, shown: 'undefined' },
    { answer: 'hello', shown: '"hello"' },
    { answer: { type: 'reply', text: { a: 1 } }, shown: '{"type":"reply","text":{"a":1}}', detail: 'here answer.text must be string' },
    {
      answer: { type: 'tool-calls', calls: 'transfer' },
      shown: '{"type":"tool-calls","calls":"transfer"}',
      detail: 'here answer.calls must be array',
    },
    {
      answer: { type: 'tool-calls', calls: [{ arguments: {} }] },
      shown: '{"type":"tool-calls","calls":[{"arguments":{}}]}',
      detail: "must have required property 'name'",
    },
    { answer: { type: 'shout', text: 'hi' }, shown: '{"type":"shout","text":"hi"}' },
  ])('respond() answering $shown fails the call with one sentence naming the policy', async ({ answer, shown, detail }) => {
    const error = await Promise.resolve()
      .then(() => call(answering(() => answer)))
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('InvalidModelAnswer');
    expect((error as Error).message).toContain(`policy 'x' answered ${shown}: respond() must return { type: 'reply', text: string }`);
    if (detail) expect((error as Error).message).toContain(detail);
  });

  it('an async respond() resolving to garbage fails the same way; one resolving to an action is that action', async () => {
    await expect(call(answering(async () => 'hello'))).rejects.toThrow(`policy 'x' answered "hello": respond() must return`);
    await expect(call(answering(async () => ({ type: 'reply', text: 'hi' })))).resolves.toEqual({ type: 'reply', text: 'hi' });
  });

  it("a thenable that is no Promise (another library's promise) is awaited like one, its value checked", async () => {
    const thenable = (value: unknown) => ({ then: (resolve: (v: unknown) => void) => resolve(value) });
    await expect(call(answering(() => thenable({ type: 'reply', text: 'hi' })))).resolves.toEqual({ type: 'reply', text: 'hi' });
    await expect(call(answering(() => thenable(42)))).rejects.toThrow("policy 'x' answered 42: respond() must return");
  });

  it("a tool call's arguments are the model's own: a string is passed on for the harness to refuse as the tool's error", () => {
    const action = { type: 'tool-calls', calls: [{ name: 'transfer', arguments: 'human_nurse' }] };
    expect(call(answering(() => action))).toEqual(action);
  });

  it('a policy that edits the conversation or the tools it is given changes nothing the harness holds', () => {
    const conversation = view();
    const editing: Policy = {
      name: 'editor',
      respond(seen, offered) {
        (seen.transcript as unknown[]).length = 0;
        (offered as ToolSpec[]).length = 0;
        return { type: 'reply', text: 'ok' };
      },
    };
    expect(call(editing, conversation)).toEqual({ type: 'reply', text: 'ok' });
    expect(conversation.transcript).toHaveLength(1);
    expect(tools).toHaveLength(1);
  });
});
