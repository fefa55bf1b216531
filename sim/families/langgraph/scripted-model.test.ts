import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { ScriptedChatModel } from './scripted-model.js';

const script = [
  { content: '', toolCalls: [{ id: 'call_1', name: 'send_email', args: { to: 'ana@example.com' } }] },
  { content: 'Ana is told.' },
];

describe('the scripted chat model', () => {
  it('answers the k-th turn of its script to a conversation holding k answers of the model, with its tool calls', async () => {
    const model = new ScriptedChatModel(script);
    const first = await model.invoke([new HumanMessage('Tell Ana.')]);
    expect(first.tool_calls).toEqual([{ id: 'call_1', name: 'send_email', args: { to: 'ana@example.com' }, type: 'tool_call' }]);
    const second = await model.invoke([new HumanMessage('Tell Ana.'), first, new ToolMessage({ tool_call_id: 'call_1', content: 'sent' })]);
    expect(second.content).toBe('Ana is told.');
    expect(second.tool_calls).toEqual([]);
  });

  it('a fresh instance asked about the same conversation answers the same: it remembers nothing of its own', async () => {
    const conversation = [new HumanMessage('Tell Ana.'), new AIMessage({ content: '', tool_calls: [] })];
    const one = await new ScriptedChatModel(script).invoke(conversation);
    const other = await new ScriptedChatModel(script).invoke(conversation);
    expect(one.content).toBe('Ana is told.');
    expect(other.content).toBe(one.content);
  });

  it('says done past the end of its script, and bindTools keeps the script', async () => {
    const model = new ScriptedChatModel(script);
    const past = [new HumanMessage('x'), new AIMessage('a'), new AIMessage('b')];
    expect((await model.bindTools().invoke(past)).content).toBe('done');
  });
});
