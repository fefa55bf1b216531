import { join } from 'node:path';
import { Agent, addTraceProcessor, Runner, setTracingDisabled, type TracingProcessor } from '@openai/agents-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketWithoutKey } from '../../../protocols/openai-agents/ticket-without-key.js';
import { runCase, type AnyFamily } from '../../engine/run-case.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { openaiAgentsFamily } from './family.js';
import { ScriptedModel } from './scripted-model.js';

const folder = tempFolder('openai-agents-offline');
const saved = { env: process.env.OPENAI_AGENTS_DISABLE_TRACING, nodeEnv: process.env.NODE_ENV, key: process.env.OPENAI_API_KEY };

afterEach(() => {
  vi.unstubAllGlobals();
  for (const [name, value] of [['OPENAI_AGENTS_DISABLE_TRACING', saved.env], ['NODE_ENV', saved.nodeEnv], ['OPENAI_API_KEY', saved.key]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('a case runs offline', () => {
  it('with tracing turned on and an API key set, a crashed and resumed case makes no fetch and traces nothing', async () => {
    // The SDK traces by default outside tests: turn it on as a user's process would have it.
    process.env.OPENAI_AGENTS_DISABLE_TRACING = '0';
    process.env.NODE_ENV = 'production';
    process.env.OPENAI_API_KEY = 'sk-not-a-real-key';
    setTracingDisabled(false);
    const traced: string[] = [];
    const processor: TracingProcessor = {
      onTraceStart: async (trace) => void traced.push(`trace ${trace.name}`),
      onTraceEnd: async () => undefined,
      onSpanStart: async (span) => void traced.push(`span ${span.spanData.type}`),
      onSpanEnd: async () => undefined,
      shutdown: async () => undefined,
      forceFlush: async () => undefined,
    };
    addTraceProcessor(processor);
    // The processor does see a bare run of the SDK in this process: what a case would trace if it left tracing on.
    await new Runner({ model: new ScriptedModel([{ text: 'hello' }], 0) }).run(new Agent({ name: 'Probe' }), 'hi');
    expect(traced).toContain('trace Agent workflow');
    traced.length = 0;
    const fetch = vi.fn(() => Promise.reject(new Error('a case must not reach the network')));
    vi.stubGlobal('fetch', fetch);
    const result = await runCase({
      family: openaiAgentsFamily as unknown as AnyFamily,
      protocol: ticketWithoutKey,
      folder: join(folder, 'traced'),
      cut: { index: null, name: 'state-save' },
    });
    expect(result.error).toBeUndefined();
    expect(result.lives.map((life) => life.ended)).toEqual(['crashed', 'completed']);
    expect(result.metrics.tickets).toBe(2);
    expect(fetch).not.toHaveBeenCalled();
    expect(traced).toEqual([]);
  });
});
