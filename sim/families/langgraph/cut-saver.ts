import type { RunnableConfig } from '@langchain/core/runnables';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import type { Connection } from '../../engine/connections.js';

/** The boundaries of LangGraph's checkpointer, in the order one write reaches them. */
export const SAVER_CUTS = {
  checkpointPut: 'checkpoint-put',
  checkpointSaved: 'checkpoint-saved',
  writesPut: 'writes-put',
  writesSaved: 'writes-saved',
} as const;

/** Reaches a boundary: throws the crash when the run is cut there. */
export type Boundary = (cut: string) => Promise<void>;

/**
 * LangGraph's own SqliteSaver on the life's connection to the orchestrator
 * file, unchanged but for a seam on each side of its two writes: `put` (a
 * checkpoint, once per step) and `putWrites` (one task's writes, as soon as
 * the task ends, an interrupt or a resume value included). A cut before the
 * write loses it; a cut after it keeps it and loses everything after.
 * Reads (getTuple, list) are no boundary: they change nothing a crash could split.
 */
export class CutSqliteSaver extends SqliteSaver {
  constructor(
    db: Connection,
    private readonly boundary: Boundary,
  ) {
    super(db);
  }

  override async put(...args: Parameters<SqliteSaver['put']>): Promise<RunnableConfig> {
    await this.boundary(SAVER_CUTS.checkpointPut);
    const saved = await super.put(...args);
    await this.boundary(SAVER_CUTS.checkpointSaved);
    return saved;
  }

  override async putWrites(...args: Parameters<SqliteSaver['putWrites']>): Promise<void> {
    await this.boundary(SAVER_CUTS.writesPut);
    await super.putWrites(...args);
    await this.boundary(SAVER_CUTS.writesSaved);
  }
}

/** LangGraph's tables in the orchestrator file, as SqliteSaver.setup() creates them, so a case's file holds them from the start. */
export const SAVER_SCHEMA = `
CREATE TABLE IF NOT EXISTS checkpoints (
  thread_id TEXT NOT NULL,
  checkpoint_ns TEXT NOT NULL DEFAULT '',
  checkpoint_id TEXT NOT NULL,
  parent_checkpoint_id TEXT,
  type TEXT,
  checkpoint BLOB,
  metadata BLOB,
  PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id)
);
CREATE TABLE IF NOT EXISTS writes (
  thread_id TEXT NOT NULL,
  checkpoint_ns TEXT NOT NULL DEFAULT '',
  checkpoint_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  idx INTEGER NOT NULL,
  channel TEXT NOT NULL,
  type TEXT,
  value BLOB,
  PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx)
);
`;
