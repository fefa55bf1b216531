import { LeaseLost, type Checkpoint, type CheckpointRead, type CheckpointStore } from '../../../protocols/plan/types.js';
import type { WorkerContext } from '../../engine/family.js';
import { parseCheckpoint } from './checkpoint-schema.js';

/**
 * The orchestrator's tables of the plan family: the call log the seed asks
 * for, how each worker's loop ended in each life, and the SQLite checkpoint
 * with its lease (the seed's "il checkpoint diventa un lock").
 */
export const PLAN_ORCHESTRATOR_SCHEMA = `
CREATE TABLE IF NOT EXISTS call_log (
  id          INTEGER PRIMARY KEY,
  life        INTEGER NOT NULL,
  worker      TEXT    NOT NULL,
  step        TEXT    NOT NULL,
  tool        TEXT    NOT NULL,
  args        TEXT    NOT NULL,
  duration_ms INTEGER,
  outcome     TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS loop_ends (id INTEGER PRIMARY KEY, life INTEGER NOT NULL, worker TEXT NOT NULL, status TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS checkpoint (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS checkpoint_lease (id INTEGER PRIMARY KEY CHECK (id = 1), owner TEXT, until_ms INTEGER NOT NULL);
INSERT OR IGNORE INTO checkpoint_lease (id, owner, until_ms) VALUES (1, NULL, 0);
`;

/**
 * The checkpoint as a row of the orchestrator, guarded by a lease, for two
 * processes on one plan: only the worker holding the lease runs steps, and a
 * commit from a worker whose lease has passed to another is refused (the
 * fence), so a stalled worker cannot overwrite its successor's progress.
 * `stage` holds the new checkpoint in memory: the transaction in `commit` is
 * the atomic switch, as the rename is for the JSON file.
 *
 * A lease that lapsed while its worker stalled may come back to that worker
 * (the other finished and let it go): the worker's checkpoint in memory is
 * then older than the row. So a claim that takes the lease anew, rather than
 * renewing a lease still running, is refused as the fence refuses a commit
 * when the row changed since this worker last read or wrote it.
 */
export function sqliteLeaseCheckpoint(ctx: Pick<WorkerContext, 'orchestrator' | 'worker' | 'nowMs'>): CheckpointStore {
  let staged: Checkpoint | undefined;
  /** The row's body as this worker last read or committed it (undefined: it has not yet). */
  let seen: string | undefined;
  return {
    async read(): Promise<CheckpointRead> {
      const row = await ctx.orchestrator.transaction(
        (db) => db.prepare('SELECT body FROM checkpoint WHERE id = 1').get() as { body: string } | undefined,
      );
      seen = row?.body;
      return row ? parseCheckpoint(row.body) : { kind: 'none' };
    },
    async stage(checkpoint) {
      staged = structuredClone(checkpoint);
    },
    async commit() {
      const body = staged;
      if (!body) throw new Error('commit without a staged checkpoint');
      await ctx.orchestrator.transaction((db) => {
        const lease = db.prepare('SELECT owner FROM checkpoint_lease WHERE id = 1').get() as { owner: string | null };
        if (lease.owner !== ctx.worker)
          throw new LeaseLost(`checkpoint commit by ${ctx.worker} without the lease (held by ${lease.owner})`);
        db.prepare('INSERT OR REPLACE INTO checkpoint (id, body) VALUES (1, ?)').run(JSON.stringify(body));
      });
      seen = JSON.stringify(body);
      staged = undefined;
    },
    async claim(untilMs) {
      return ctx.orchestrator.transaction((db) => {
        const nowMs = ctx.nowMs();
        const lease = db.prepare('SELECT owner, until_ms FROM checkpoint_lease WHERE id = 1').get() as {
          owner: string | null;
          until_ms: number;
        };
        const renewing = lease.owner === ctx.worker && lease.until_ms > nowMs;
        if (!renewing && seen !== undefined) {
          const row = db.prepare('SELECT body FROM checkpoint WHERE id = 1').get() as { body: string } | undefined;
          if (row?.body !== seen) throw new LeaseLost(`lease taken anew by ${ctx.worker} after another worker committed the checkpoint`);
        }
        // The row read above decides, inside this transaction: free, this worker's own, or lapsed.
        const free = lease.owner === null || lease.owner === ctx.worker || lease.until_ms <= nowMs;
        if (!free) return { granted: false, retryAtMs: lease.until_ms } as const;
        db.prepare('UPDATE checkpoint_lease SET owner = ?, until_ms = ? WHERE id = 1').run(ctx.worker, untilMs);
        return { granted: true } as const;
      });
    },
  };
}
