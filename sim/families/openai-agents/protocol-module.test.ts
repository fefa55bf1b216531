import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCase, type AnyFamily } from '../../engine/run-case.js';
import { protocolFromFile } from '../../engine/protocol-file.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { openaiAgentsFamily } from './family.js';
import { requirePeers } from './peers.js';
import { protocolFromModule } from './protocol-module.js';
import { loadRunState } from './state-store.js';
import { rowsIn } from './testing/rows-in.js';
import { toolIntention } from '../../../protocols/receivers/tool-calls.js';

const folder = tempFolder('openai-agents-module');
const family = openaiAgentsFamily as unknown as AnyFamily;
const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);

async function caseOf(file: string, name: string, cut: string) {
  const protocol = await protocolFromFile(family, file, file, `${name}#load`);
  return runCase({ family, protocol, folder: join(folder, name), cut: { index: null, name: cut }, protocolFile: file });
}

describe("a user's agents module", () => {
  it('runs unchanged from its file, on its own script: two cancellations when the reply is lost, read from effects.db', async () => {
    const result = await caseOf(fixture('my-agents.ts'), 'lost-reply', 'effect-applied');
    expect(result.error).toBeUndefined();
    expect(result.lives.map((life) => life.ended)).toEqual(['crashed', 'completed']);
    expect(rowsIn(join(folder, 'lost-reply', 'effects.db'), 'effects', toolIntention('cancel_subscription', { subscription: '7' }))).toBe(2);
    expect(result.effects['act-1']).toBe(2);
  });

  it('a saved state that does not load with the next life\'s agents (an agent renamed) ends the case as an error in one line', async () => {
    const result = await caseOf(fixture('renamed-agents.ts'), 'renamed', 'effect-applied');
    expect(result.lives[0]).toMatchObject({ ended: 'crashed', crash: { cut: 'effect-applied' } });
    expect(result.error).toBe('protocol failed: the saved run state does not load with the agents of this life: Agent Billing v2 not found');
  });

  it('says in one sentence what a module lacks', () => {
    expect(protocolFromModule({ name: 'x' }, 'my.ts')).toBe(
      'my.ts exports no agents: export function agent({ effects, humans, conversation }) returning your entry Agent',
    );
    const agent = () => undefined;
    expect(protocolFromModule({ agent, name: 'Bad Name' }, 'my.ts')).toMatch(/^my\.ts: export const name/);
    expect(protocolFromModule({ agent, name: 'x', queueContract: 'exactly-once' }, 'my.ts')).toMatch(/^my\.ts: contract and queueContract must each be one of no-receipt, atomic-receipt/);
    expect(protocolFromModule({ agent, name: 'x', script: 'refund' }, 'my.ts')).toMatch(/^my\.ts: script must be an array of turns/);
    expect(protocolFromModule({ agent, name: 'x', input: 42 }, 'my.ts')).toBe('my.ts: input must be a string, what the customer says first');
  });

  it('a saved state that is not the JSON of a RunState is one sentence, not a stack', async () => {
    const { Agent } = await import('@openai/agents-core');
    expect(await loadRunState(new Agent({ name: 'Billing' }), 'not a run state')).toMatch(
      /^the saved run state does not load with the agents of this life: .+$/,
    );
  });

  it('a missing SDK package is named with the line that installs it', () => {
    expect(() => requirePeers((name) => name === 'zod')).toThrow(
      'the openai-agents family runs your agents on the OpenAI Agents SDK, and @openai/agents-core is not installed: npm install --save-dev @openai/agents-core zod',
    );
    expect(() => requirePeers(() => true)).not.toThrow();
  });
});
