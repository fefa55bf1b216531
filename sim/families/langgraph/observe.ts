import type { Connection } from '../../engine/connections.js';
import type { Observation, StoreReader, TableRows } from '../../engine/family.js';
import { scriptedIntentions } from './workload.js';
import type { LangGraphSpec } from './world.js';

/** The service's own record of how it invoked the thread, beside LangGraph's tables in the orchestrator file. */
export const INVOCATIONS_SCHEMA = `
CREATE TABLE invocations (
  seq  INTEGER PRIMARY KEY,
  life INTEGER NOT NULL,
  kind TEXT    NOT NULL CHECK (kind IN ('start', 'continue', 'resume'))
);
`;

const everyTable = (db: Connection): Record<string, TableRows> =>
  Object.fromEntries(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(({ name }) => [
      name,
      db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as TableRows,
    ]),
  );

/**
 * What a case left, read with the checker's own connections: N per intention
 * from the effects the receiver holds (every intention the script asks for
 * counts, so N=0 shows), and from the orchestrator file the checkpoints
 * LangGraph wrote and how often the service resumed or continued the thread.
 */
export function observeLangGraph(read: StoreReader, spec: LangGraphSpec): Observation {
  const orchestrator = read('orchestrator', everyTable);
  const receiver = read('effects', everyTable);
  const effects: Record<string, number> = Object.fromEntries(scriptedIntentions(spec.workload).map((id) => [id, 0]));
  for (const row of receiver.effects ?? []) {
    const id = String(row.intention_id);
    effects[id] = (effects[id] ?? 0) + 1;
  }
  const invocations = (orchestrator.invocations ?? []).map((row) => String(row.kind));
  return {
    effects,
    metrics: {
      checkpoints: (orchestrator.checkpoints ?? []).length,
      resumes: invocations.filter((kind) => kind === 'resume').length,
      continues: invocations.filter((kind) => kind === 'continue').length,
    },
    // Checkpoints and writes are LangGraph's serialized blobs, under ids drawn from the wall clock and a random
    // source (uuid6): the state keeps their order and shape, each id replaced by its rank, so two runs compare.
    state: { orchestrator: { ...orchestrator, ...rankedSaverRows(orchestrator) }, effects: receiver },
  };
}

/** LangGraph's rows with their checkpoint and task ids replaced by ranks: `checkpoint#1`, `task#1`, in order of appearance. */
function rankedSaverRows(orchestrator: Record<string, TableRows>): Record<string, TableRows> {
  const ranks = new Map<string, string>();
  const rank = (kind: string, id: unknown): string | null => {
    if (id === null || id === undefined) return null;
    const known = ranks.get(`${kind}:${String(id)}`);
    if (known) return known;
    const named = `${kind}#${[...ranks.keys()].filter((key) => key.startsWith(`${kind}:`)).length + 1}`;
    ranks.set(`${kind}:${String(id)}`, named);
    return named;
  };
  return {
    checkpoints: (orchestrator.checkpoints ?? []).map((row) => ({
      checkpoint: rank('checkpoint', row.checkpoint_id),
      parent: rank('checkpoint', row.parent_checkpoint_id),
    })),
    writes: (orchestrator.writes ?? []).map((row) => ({
      checkpoint: rank('checkpoint', row.checkpoint_id),
      task: rank('task', row.task_id),
      idx: row.idx,
      channel: row.channel,
    })),
  };
}
