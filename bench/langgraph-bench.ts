import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { toolNodeWithoutKey } from '../protocols/langgraph/tool-node-without-key.js';
import type { EffectClient } from '../protocols/langgraph/types.js';
import { runCase, type AnyFamily } from '../sim/engine/run-case.js';
import { langgraphFamily } from '../sim/families/langgraph/family.js';
import { ScriptedChatModel } from '../sim/families/langgraph/scripted-model.js';
import { tracingOff } from '../sim/families/langgraph/tracing-off.js';
import { TABLE_WORKLOAD } from '../sim/families/langgraph/workload.js';
import { medianMs, type BenchRow } from './median.js';

/** The graph as its user runs it without cutpoint: SqliteSaver on a fresh file, the effect one row in a file of its own. */
async function bareInvoke(folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const orchestrator = new Database(join(folder, 'orchestrator.db'));
  const effectsDb = new Database(join(folder, 'effects.db'));
  try {
    effectsDb.exec('CREATE TABLE effects (seq INTEGER PRIMARY KEY, tool TEXT NOT NULL, args TEXT NOT NULL)');
    const effects: EffectClient = {
      apply: async (tool, args) => {
        const row = effectsDb.prepare('INSERT INTO effects (tool, args) VALUES (?, ?)').run(tool, JSON.stringify(args));
        return { effect: Number(row.lastInsertRowid) };
      },
    };
    const graph = toolNodeWithoutKey.graph({
      checkpointer: new SqliteSaver(orchestrator),
      model: new ScriptedChatModel(TABLE_WORKLOAD.script),
      effects,
    });
    await graph.invoke(TABLE_WORKLOAD.input, { configurable: { thread_id: TABLE_WORKLOAD.thread }, recursionLimit: 25 });
  } finally {
    orchestrator.close();
    effectsDb.close();
  }
}

/**
 * The langgraph family's speed: one table case (a crash, a resume, the
 * quiet life, the count) beside the same graph's bare invoke on
 * SqliteSaver, and the examples' table as a user runs it (a new process).
 * Wall time is the point here, so performance.now() is read.
 */
export async function langgraphBench(scratch: string, bin: string): Promise<BenchRow[]> {
  tracingOff();
  const repeats = 30;
  const family = langgraphFamily as unknown as AnyFamily;
  const caseMs = await medianMs(repeats, (i) =>
    runCase({
      family,
      protocol: toolNodeWithoutKey,
      cut: { index: 0, name: 'effect-applied' },
      folder: join(scratch, 'langgraph-case', String(i)),
    }),
  );
  const bareMs = await medianMs(repeats, (i) => bareInvoke(join(scratch, 'langgraph-bare', String(i))));
  const tableMs = await medianMs(3, () => {
    const result = spawnSync(process.execPath, [bin, 'table', '--family', 'langgraph', '--out', join(scratch, 'langgraph-table')], {
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`sim table --family langgraph failed: ${result.stderr}`);
  });
  return [
    { what: 'one case (tool-node-without-key, crash at effect-applied)', ms: caseMs, note: 'two lives and the quiet life, counted' },
    {
      what: "the same graph's bare invoke on SqliteSaver",
      ms: bareMs,
      note: `fresh files, no crash; the case is ${(caseMs / bareMs).toFixed(1)}x`,
    },
    {
      what: '`sim table --family langgraph` end to end (new process)',
      ms: tableMs,
      note: `${langgraphFamily.protocols.length * langgraphFamily.cuts.length} cases`,
    },
  ];
}
