import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toolNodeWithoutKey } from '../../../protocols/langgraph/tool-node-without-key.js';
import { runCase, type AnyFamily } from '../../engine/run-case.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { langgraphFamily } from './family.js';

const folder = tempFolder('langgraph-offline');
const TRACING = ['LANGCHAIN_TRACING_V2', 'LANGSMITH_TRACING', 'LANGCHAIN_TRACING', 'LANGSMITH_TRACING_V2'] as const;
// With a key, LangSmith sends traces when tracing is on: the fetch this test would see if a case left it on.
const KEY = 'LANGSMITH_API_KEY';
const saved = Object.fromEntries([...TRACING, KEY].map((name) => [name, process.env[name]]));

afterEach(() => {
  vi.unstubAllGlobals();
  for (const name of [...TRACING, KEY]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('a case runs offline', () => {
  it('with LangSmith tracing turned on in the environment, a crashed and resumed case makes no fetch and turns tracing off', async () => {
    for (const name of TRACING) process.env[name] = 'true';
    process.env[KEY] = 'lsv2-not-a-real-key';
    const fetch = vi.fn(() => Promise.reject(new Error('a case must not reach the network')));
    vi.stubGlobal('fetch', fetch);
    const result = await runCase({
      family: langgraphFamily as unknown as AnyFamily,
      protocol: toolNodeWithoutKey,
      folder: join(folder, 'traced'),
      cut: { index: null, name: 'effect-applied' },
    });
    expect(result.error).toBeUndefined();
    expect(result.lives.map((life) => life.ended)).toEqual(['crashed', 'completed']);
    expect(fetch).not.toHaveBeenCalled();
    expect(TRACING.map((name) => process.env[name])).toEqual(['false', 'false', 'false', 'false']);
  });
});
