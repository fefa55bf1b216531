import { describe, expect, it } from 'vitest';
import { invalidAnswer, VALID_ANSWER } from './policy-answer.js';

const line = (shown: string, where = '') => `policy 'mine' answered ${shown}: ${VALID_ANSWER}${where}`;

describe("invalidAnswer: the one line that names a user's policy's bad answer", () => {
  it('lets a reply and a list of tool calls through', () => {
    expect(invalidAnswer('mine', { type: 'reply', text: 'hello' })).toBeUndefined();
    expect(invalidAnswer('mine', { type: 'tool-calls', calls: [{ name: 'transfer', arguments: { target: 'x' } }] })).toBeUndefined();
    expect(invalidAnswer('mine', { type: 'tool-calls', calls: [] })).toBeUndefined();
  });

  it('names the field that is wrong, by its path in the answer', () => {
    expect(invalidAnswer('mine', { type: 'reply' })).toBe(
      line('{"type":"reply"}', " (here the answer must have required property 'text')"),
    );
    expect(invalidAnswer('mine', { type: 'reply', text: 5 })).toBe(line('{"type":"reply","text":5}', ' (here answer.text must be string)'));
    expect(invalidAnswer('mine', { type: 'tool-calls', calls: [{ name: 'a' }, { arguments: {} }] })).toBe(
      line('{"type":"tool-calls","calls":[{"name":"a"},{"arguments":{}}]}', " (here answer.calls.1 must have required property 'name')"),
    );
    expect(invalidAnswer('mine', { type: 'tool-calls', calls: 'transfer' })).toBe(
      line('{"type":"tool-calls","calls":"transfer"}', ' (here answer.calls must be array)'),
    );
  });

  it('says only what the answer is when it has no known type', () => {
    expect(invalidAnswer('mine', { type: 'shout', text: 'hi' })).toBe(line('{"type":"shout","text":"hi"}'));
    expect(invalidAnswer('mine', ['reply'])).toBe(line('["reply"]'));
    expect(invalidAnswer('mine', null)).toBe(line('null'));
    expect(invalidAnswer('mine', 'hello')).toBe(line('"hello"'));
    expect(invalidAnswer('mine', undefined)).toBe(line('undefined'));
    expect(invalidAnswer('mine', () => ({ type: 'reply', text: 'x' }))).toBe(line('a function'));
  });

  it('shows what JSON cannot say by what it is', () => {
    expect(invalidAnswer('mine', Symbol('s'))).toBe(line('Symbol(s)'));
    expect(invalidAnswer('mine', 10n)).toBe(line('[object BigInt]'));
    const cyclic: Record<string, unknown> = { type: 'shout' };
    cyclic.self = cyclic;
    expect(invalidAnswer('mine', cyclic)).toBe(line('[object Object]'));
  });

  it('cuts an answer longer than 80 characters at 79 and an ellipsis, and keeps one of exactly 80', () => {
    const of = (length: number) => 'x'.repeat(length - 2); // JSON adds the two quotes
    expect(invalidAnswer('mine', of(80))).toBe(line(`"${of(80)}"`));
    expect(invalidAnswer('mine', of(81))).toBe(line(`"${of(81)}"`.slice(0, 79) + '…'));
  });
});
