import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { RunState, Runner, type Agent } from '@openai/agents-core';
import { refundOnApproval } from '../protocols/openai-agents/refund-on-approval.js';
import type { AgentParts } from '../protocols/openai-agents/types.js';
import { runCase, type AnyFamily } from '../sim/engine/run-case.js';
import { openaiAgentsFamily } from '../sim/families/openai-agents/family.js';
import { ScriptedModel, scriptedProvider } from '../sim/families/openai-agents/scripted-model.js';
import { tracingOff } from '../sim/families/openai-agents/tracing-off.js';
import { TABLE_WORKLOAD } from '../sim/families/openai-agents/workload.js';
import { medianMs, type BenchRow } from './median.js';

/**
 * The agents as their user runs them without cutpoint: the SDK's Runner on
 * the same scripted model, the run state saved to a fresh SQLite file at the
 * approval and at the end, read back with RunState.fromString to resume, and
 * each effect and ticket one row in a file of its own. No crash.
 */
async function bareRun(folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const app = new Database(join(folder, 'orchestrator.db'));
  const effectsDb = new Database(join(folder, 'effects.db'));
  const queueDb = new Database(join(folder, 'human-queue.db'));
  try {
    // The pragmas of cutpoint's own stores (sim/engine/connections.ts): the two sides write to disk alike.
    for (const db of [app, effectsDb, queueDb]) db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
    app.exec('CREATE TABLE run_states (seq INTEGER PRIMARY KEY, final INTEGER NOT NULL, state TEXT NOT NULL)');
    effectsDb.exec('CREATE TABLE effects (seq INTEGER PRIMARY KEY, tool TEXT NOT NULL, args TEXT NOT NULL)');
    queueDb.exec('CREATE TABLE tickets (seq INTEGER PRIMARY KEY, ticket TEXT NOT NULL)');
    const parts: AgentParts = {
      conversation: TABLE_WORKLOAD.conversation,
      effects: {
        apply: async (tool, args) => ({
          effect: Number(
            effectsDb.prepare('INSERT INTO effects (tool, args) VALUES (?, ?)').run(tool, JSON.stringify(args)).lastInsertRowid,
          ),
        }),
      },
      humans: {
        enqueue: async (ticket) => ({
          ticket: Number(queueDb.prepare('INSERT INTO tickets (ticket) VALUES (?)').run(JSON.stringify(ticket)).lastInsertRowid),
        }),
      },
    };
    const agent = refundOnApproval.agent(parts);
    const model = new ScriptedModel(TABLE_WORKLOAD.script, 0);
    const runner = new Runner({ model, modelProvider: scriptedProvider(model), tracingDisabled: true });
    let resumed: RunState<unknown, Agent> | undefined;
    for (let round = 0; round < 10; round++) {
      const result =
        resumed === undefined
          ? await runner.run(agent, TABLE_WORKLOAD.input, { maxTurns: 10 })
          : await runner.run(agent, resumed, { maxTurns: 10 });
      const final = result.interruptions.length === 0;
      app.prepare('INSERT INTO run_states (final, state) VALUES (?, ?)').run(final ? 1 : 0, result.state.toString());
      if (final) break;
      const saved = app.prepare('SELECT state FROM run_states ORDER BY seq DESC LIMIT 1').get() as { state: string };
      resumed = await RunState.fromString(agent, saved.state);
      for (const item of resumed.getInterruptions()) resumed.approve(item);
    }
    const refunds = (effectsDb.prepare('SELECT COUNT(*) AS n FROM effects').get() as { n: number }).n;
    const tickets = (queueDb.prepare('SELECT COUNT(*) AS n FROM tickets').get() as { n: number }).n;
    if (refunds !== 1 || tickets !== 1) throw new Error(`the bare run left ${refunds} refunds and ${tickets} tickets, not one of each`);
  } finally {
    app.close();
    effectsDb.close();
    queueDb.close();
  }
}

/**
 * The openai-agents family's speed: one table case (a crash, a resume from
 * the saved RunState, the quiet life, the count) beside the same agents'
 * bare run on the same scripted model, and the examples' table as a user
 * runs it (a new process). Wall time is the point here, so it is read.
 */
export async function openaiAgentsBench(scratch: string, bin: string): Promise<BenchRow[]> {
  tracingOff();
  const repeats = 30;
  const family = openaiAgentsFamily as unknown as AnyFamily;
  const caseMs = await medianMs(repeats, async (i) => {
    const result = await runCase({
      family,
      protocol: refundOnApproval,
      cut: { index: 1, name: 'effect-applied' },
      folder: join(scratch, 'openai-agents-case', String(i)),
    });
    if (result.error !== undefined || result.effects['act-1'] !== 2)
      throw new Error(`the case measured ${JSON.stringify(result.effects)}: ${result.error}`);
  });
  const bareMs = await medianMs(repeats, (i) => bareRun(join(scratch, 'openai-agents-bare', String(i))));
  const tableMs = await medianMs(3, () => {
    const result = spawnSync(process.execPath, [bin, 'table', '--family', 'openai-agents', '--out', join(scratch, 'openai-agents-table')], {
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`sim table --family openai-agents failed: ${result.stderr}`);
  });
  return [
    { what: 'one case (refund-on-approval, crash at effect-applied)', ms: caseMs, note: 'two lives and the quiet life, counted' },
    {
      what: "the same agents' bare run, saved and resumed at the approval",
      ms: bareMs,
      note: `fresh files, no crash; the case is ${(caseMs / bareMs).toFixed(1)}x`,
    },
    {
      what: '`sim table --family openai-agents` end to end (new process)',
      ms: tableMs,
      note: `${openaiAgentsFamily.protocols.length * openaiAgentsFamily.cuts.length} cases`,
    },
  ];
}
