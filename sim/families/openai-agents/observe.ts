import type { Connection } from '../../engine/connections.js';
import type { Observation, StoreReader, TableRows } from '../../engine/family.js';
import { RUN_STATES_SCHEMA } from './state-store.js';
import { caseScript, scriptActs } from './workload.js';
import type { OpenAIAgentsSpec } from './world.js';

/** The app's own record of how it ran the conversation, beside its saved run states in the orchestrator file. */
const RUNS_SCHEMA = `
CREATE TABLE runs (
  seq       INTEGER PRIMARY KEY,
  life      INTEGER NOT NULL,
  kind      TEXT    NOT NULL CHECK (kind IN ('start', 'resume')),
  approvals INTEGER NOT NULL
);
`;

export const ORCHESTRATOR_SCHEMA = RUN_STATES_SCHEMA + RUNS_SCHEMA;

/** Every row of a table, in insertion order. */
export const rowsOf = (db: Connection, table: string): TableRows => db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all() as TableRows;

/**
 * What a case left, read with the checker's own connections: N per act of
 * the script (`act-1`, …: each tool call from the effects the API holds,
 * each handover to a person from the tickets the queue holds, N=0 shown),
 * effects no act asked for under their own intention, and from the
 * orchestrator file the saves, runs and approvals of the app.
 */
export function observeOpenAIAgents(read: StoreReader, spec: OpenAIAgentsSpec): Observation {
  const orchestrator = read('orchestrator', (db) => ({ run_states: rowsOf(db, 'run_states'), runs: rowsOf(db, 'runs') }));
  const effects = read('effects', (db) => ({ effects: rowsOf(db, 'effects'), receipts: rowsOf(db, 'receipts') }));
  const queue = read('human-queue', (db) => ({ tickets: rowsOf(db, 'tickets'), receipts: rowsOf(db, 'receipts') }));
  const applied = new Map<string, number>();
  for (const row of [...effects.effects, ...queue.tickets]) {
    const id = String(row.intention_id);
    applied.set(id, (applied.get(id) ?? 0) + 1);
  }
  const acts = scriptActs(caseScript(spec.protocol, spec.workload).script, spec.workload.conversation);
  const counted: Record<string, number> = {};
  for (const act of acts) {
    counted[act.label] = applied.get(act.intention) ?? 0;
  }
  for (const [id, n] of applied) if (!acts.some((act) => act.intention === id)) counted[id] = n;
  const runs = orchestrator.runs;
  const handover = acts.find((act) => act.store === 'human-queue');
  return {
    effects: counted,
    metrics: {
      tickets: handover ? (counted[handover.label] ?? 0) : queue.tickets.length,
      handovers: acts.filter((act) => act.store === 'human-queue').length,
      saves: orchestrator.run_states.length,
      resumes: runs.filter((row) => row.kind === 'resume').length,
      approvals: runs.reduce((sum, row) => sum + Number(row.approvals), 0),
    },
    // The saved states are the SDK's JSON, kept whole: the same case twice saves the same bytes.
    state: { orchestrator, effects, 'human-queue': queue },
  };
}
