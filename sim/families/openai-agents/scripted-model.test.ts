import type { ModelRequest } from '@openai/agents-core';
import { describe, expect, it } from 'vitest';
import { ScriptedModel } from './scripted-model.js';

const script = [
  { calls: [{ name: 'refund_order', args: { order_id: '42' } }] },
  { text: "I'll hand you over to a person now.", handoff: { to: 'transfer_to_Human_desk', toPerson: true, announcedOnly: true } },
];

function request(input: ModelRequest['input']): ModelRequest {
  return { input, modelSettings: {}, tools: [], outputType: 'text', handoffs: [], tracing: false };
}

describe('the scripted model', () => {
  it('answers the k-th turn to an input holding k answers of its own, whoever asks', async () => {
    const first = await new ScriptedModel(script, 0).getResponse(request('Refund order 42.'));
    expect(first.output).toEqual([
      { type: 'function_call', id: 'scripted_0_0', callId: 'call_0_0_0', name: 'refund_order', arguments: '{"order_id":"42"}', status: 'completed' },
    ]);
    const conversation = [
      { role: 'user' as const, content: 'Refund order 42.' },
      ...first.output,
      { type: 'function_call_result' as const, callId: 'call_0_0_0', name: 'refund_order', status: 'completed' as const, output: 'refunded' },
    ];
    // A model of another life, asked about the same conversation, answers the same turn.
    const second = await new ScriptedModel(script, 1).getResponse(request(conversation));
    expect(second.output).toEqual([
      { type: 'message', role: 'assistant', id: 'scripted_1_text', status: 'completed', content: [{ type: 'output_text', text: "I'll hand you over to a person now." }] },
    ]);
  });

  it('gives fresh call ids in each life, as a real model does for a new request', async () => {
    const [zero, one] = await Promise.all([0, 1].map((life) => new ScriptedModel(script, life).getResponse(request('x'))));
    expect([zero?.output[0], one?.output[0]].map((item) => (item && 'callId' in item ? item.callId : undefined))).toEqual(['call_0_0_0', 'call_1_0_0']);
  });

  it('says done past the end of its script', async () => {
    const past = [
      { type: 'message' as const, role: 'assistant' as const, id: 'scripted_0_text', status: 'completed' as const, content: [] },
      { type: 'message' as const, role: 'assistant' as const, id: 'scripted_1_text', status: 'completed' as const, content: [] },
    ];
    const answer = await new ScriptedModel(script, 0).getResponse(request(past));
    expect(answer.output).toMatchObject([{ type: 'message', content: [{ type: 'output_text', text: 'done' }] }]);
  });
});
