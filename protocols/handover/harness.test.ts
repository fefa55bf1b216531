import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GRAPH } from '../../sim/families/handover/graph.js';
import { runCase, type AnyFamily } from '../../sim/engine/run-case.js';
import { handoverFamily } from '../../sim/families/handover/family.js';
import type { HandoverWorkload, PolicyChoice, ScriptedEvent } from '../../sim/families/handover/workload.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { referenceHarness } from './reference-harness.js';
import type { ModelAction } from './types.js';

const root = tempFolder('harness');
const HOUR_MS = 3_600_000;
let cases = 0;

function transfer(target: string, args: Record<string, unknown> = {}): ModelAction {
  return {
    type: 'tool-calls',
    calls: [{ name: 'transfer', arguments: { target, reason: 'out_of_scope', summary: `to ${target}`, ...args } }],
  };
}

/** Runs the reference harness on one conversation, fault-free, and opens its three stores for reading. */
async function run(events: ScriptedEvent[], policy: PolicyChoice = { kind: 'reference' }) {
  const folder = join(root, String(++cases));
  const workload: HandoverWorkload = { graph: DEFAULT_GRAPH, policy, conversations: [{ id: 'c1', tenant: 'clinicA', events }] };
  const result = await runCase({ family: handoverFamily as unknown as AnyFamily, protocol: referenceHarness, cut: null, folder, workload });
  expect(result.error).toBeUndefined();
  const read = <T>(store: string, sql: string): T[] => {
    const db = new Database(join(folder, `${store}.db`), { readonly: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  };
  return { result, read };
}

describe('the reference harness: the model proposes, the harness disposes', () => {
  it('an invalid transfer goes back to the model as a tool error and is never executed', async () => {
    const { read } = await run([{ atMs: 9 * HOUR_MS, kind: 'user', text: 'hello' }], {
      kind: 'scripted',
      actions: [transfer('billing'), transfer('appointments', { summary: undefined }), { type: 'reply', text: 'How can I help?' }],
    });
    const lines = read<{ role: string; text: string }>('orchestrator', 'SELECT role, text FROM transcript ORDER BY id');
    expect(lines.map((line) => line.role)).toEqual(['user', 'tool-error', 'tool-error', 'agent']);
    // Refused with the targets the router may reach, so the model can choose again.
    expect(lines[1]?.text).toBe('transfer: arguments/target must be one of appointments, information, human_nurse');
    expect(read('orchestrator', 'SELECT active_agent, transfer_count FROM conversations')).toEqual([
      { active_agent: 'router', transfer_count: 0 },
    ]);
    expect(read('message-channel', 'SELECT kind, text FROM messages')).toEqual([{ kind: 'reply', text: 'How can I help?' }]);
  });

  it('a model that never stops is handed to a person at the step limit, with reason step_limit', async () => {
    const { read } = await run([{ atMs: 9 * HOUR_MS, kind: 'user', text: 'hello' }], {
      kind: 'scripted',
      actions: [{ type: 'tool-calls', calls: [{ name: 'delete_records', arguments: {} }] }],
    });
    expect(read('orchestrator', "SELECT COUNT(*) AS n FROM transcript WHERE role = 'tool-error'")).toEqual([{ n: 8 }]);
    expect(read('orchestrator', 'SELECT steps FROM events')).toEqual([{ steps: 8 }]);
    expect(read('human-queue', 'SELECT target, reason FROM tickets')).toEqual([{ target: 'human_nurse', reason: 'step_limit' }]);
  });

  it('two agents that ping-pong are stopped at the cap and the conversation goes to a person', async () => {
    const { read } = await run([{ atMs: 9 * HOUR_MS, kind: 'user', text: 'hello' }], {
      kind: 'scripted',
      actions: [transfer('appointments'), transfer('router')],
    });
    expect(read('orchestrator', "SELECT agent, target FROM transcript WHERE role = 'transfer' ORDER BY id")).toEqual([
      { agent: 'router', target: 'appointments' },
      { agent: 'appointments', target: 'router' },
      { agent: 'router', target: 'appointments' },
    ]);
    expect(read('orchestrator', 'SELECT transfer_count, handover_state, active_agent FROM conversations')).toEqual([
      { transfer_count: 3, handover_state: 'with-human', active_agent: 'human_nurse' },
    ]);
    expect(read('human-queue', 'SELECT reason FROM tickets')).toEqual([{ reason: 'transfer_limit' }]);
  });

  it('the next message, an hour later, goes straight to the active agent, not back through the router', async () => {
    const { read } = await run([
      { atMs: 9 * HOUR_MS, kind: 'user', text: 'Can I book an appointment for monday?' },
      { atMs: 10 * HOUR_MS, kind: 'user', text: 'And move it to friday please' },
    ]);
    const second = read<{ role: string; agent: string }>(
      'orchestrator',
      "SELECT role, agent FROM transcript WHERE event_id = 'e2' AND role != 'user' ORDER BY id",
    );
    expect(second[0]).toEqual({ role: 'tool', agent: 'appointments' });
    expect(second.some((line) => line.agent === 'router')).toBe(false);
    expect(read('orchestrator', 'SELECT slot FROM bookings ORDER BY slot')).toEqual([{ slot: 'friday' }, { slot: 'monday' }]);
  });

  it('after a handover no agent answers until the operator gives the conversation back; then the state is reset', async () => {
    const { read } = await run([
      { atMs: 9 * HOUR_MS, kind: 'user', text: 'I want to talk to a nurse.' },
      { atMs: 9 * HOUR_MS + 720_000, kind: 'user', text: 'Hello?' },
      { atMs: 9 * HOUR_MS + 1_800_000, kind: 'operator-return', messages: ['Nurse: all good.'] },
      { atMs: 10 * HOUR_MS, kind: 'user', text: 'What are your opening hours?' },
    ]);
    expect(read('message-channel', 'SELECT event_id, kind FROM messages ORDER BY id')).toEqual([
      { event_id: 'e1', kind: 'notice' },
      { event_id: 'e3', kind: 'notice' },
      { event_id: 'e4', kind: 'reply' },
    ]);
    expect(read('orchestrator', "SELECT agent, text FROM transcript WHERE role = 'operator'")).toEqual([
      { agent: 'human_nurse', text: 'Nurse: all good.' },
    ]);
    expect(read('orchestrator', 'SELECT handover_state, active_agent FROM conversations')).toEqual([
      { handover_state: 'returned', active_agent: 'information' },
    ]);
  });

  it('past 24 hours after the user last wrote, a message goes out as a template; out of hours the user is told so, urgent cases get the line', async () => {
    const { read } = await run([
      { atMs: 23 * HOUR_MS, kind: 'user', text: 'I have chest pain.' },
      { atMs: 48 * HOUR_MS, kind: 'operator-return', messages: ['Nurse: call me back.'] },
    ]);
    const messages = read<{ kind: string; text: string }>('message-channel', 'SELECT kind, text FROM messages ORDER BY id');
    expect(messages[0]?.kind).toBe('notice');
    expect(messages[0]?.text).toContain('We are closed now');
    expect(messages[0]?.text).toContain('call 112');
    expect(messages[1]?.kind).toBe('template');
  });
});
