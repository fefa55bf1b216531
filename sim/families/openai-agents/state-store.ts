import { RunState, type Agent } from '@openai/agents-core';
import type { Connection } from '../../engine/connections.js';
import { immediateTransaction } from '../../engine/connections.js';

/** The boundaries of the app's own save of the run state, in the order one save reaches them. */
export const STATE_CUTS = { save: 'state-save', saved: 'state-saved' } as const;

/** Reaches a boundary: throws the crash when the run is cut there. */
export type Boundary = (cut: string) => Promise<void>;

/** Where the app keeps the run state: one row per save, the last one is where a restart resumes. */
export const RUN_STATES_SCHEMA = `
CREATE TABLE run_states (
  seq           INTEGER PRIMARY KEY,
  conversation  TEXT    NOT NULL,
  life          INTEGER NOT NULL,
  interruptions INTEGER NOT NULL,
  final         INTEGER NOT NULL CHECK (final IN (0, 1)),
  state         TEXT    NOT NULL
);
`;

export interface SavedState {
  state: string;
  final: boolean;
}

/**
 * The store helper of an SDK app: it writes `result.state.toString()` into
 * the case's orchestrator file after every run (interrupted for approvals, or
 * finished) and reads the last one back with `RunState.fromString`. A cut on
 * each side of the write: before it the save is lost, after it it is kept.
 */
export class RunStateStore {
  constructor(
    private readonly db: Connection,
    private readonly conversation: string,
    private readonly life: number,
    private readonly boundary: Boundary,
  ) {}

  /** Saves a run's result as the app does: its state as the SDK serializes it, and whether it stopped for approvals. */
  async save(result: { state: { toString(): string }; interruptions: readonly unknown[] }): Promise<void> {
    const state = result.state.toString();
    const interruptions = result.interruptions.length;
    await this.boundary(STATE_CUTS.save);
    immediateTransaction(this.db, (db) =>
      db
        .prepare('INSERT INTO run_states (conversation, life, interruptions, final, state) VALUES (?, ?, ?, ?, ?)')
        .run(this.conversation, this.life, interruptions, interruptions === 0 ? 1 : 0, state),
    );
    await this.boundary(STATE_CUTS.saved);
  }

  last(): SavedState | undefined {
    const row = this.db.prepare('SELECT state, final FROM run_states WHERE conversation = ? ORDER BY seq DESC LIMIT 1').get(this.conversation) as
      | { state: string; final: number }
      | undefined;
    return row && { state: row.state, final: row.final === 1 };
  }
}

/** The saved state read back for this life's agents, or one sentence saying why it does not load. */
// any: the user's agent, whatever its context and output types, as RunState.fromString takes it.
export async function loadRunState<A extends Agent<any, any>>(agent: A, saved: string): Promise<RunState<unknown, A> | string> {
  try {
    return await RunState.fromString(agent, saved);
  } catch (error) {
    return `the saved run state does not load with the agents of this life: ${error instanceof Error ? error.message : String(error)}`;
  }
}
