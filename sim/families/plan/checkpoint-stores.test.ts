import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { inPlaceJsonCheckpoint } from '../../../protocols/plan/in-place-checkpoint.js';
import type { Checkpoint } from '../../../protocols/plan/types.js';
import { immediateTransaction } from '../../engine/connections.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { atomicJsonCheckpoint, stagingPath } from './json-checkpoint.js';
import { PLAN_ORCHESTRATOR_SCHEMA, sqliteLeaseCheckpoint } from './sqlite-checkpoint.js';

const folder = tempFolder('plan-checkpoints');

function checkpointAt(step: number): Checkpoint {
  return {
    run_id: 'run-0',
    plan_hash: 'abc',
    current_step: step,
    steps: [{ id: 'a', status: step > 0 ? 'done' : 'pending', attempts: 1 }],
    calls_used: step * 2,
    rate: { limited: 0, retry_after_until_ms: null },
    context: { summary: null, outputs: [], peak_chars: 0 },
    status: 'running',
  };
}

describe('atomic JSON checkpoint', () => {
  it('a write interrupted after the temporary file leaves the previous checkpoint whole, and the next write replaces the leftover', async () => {
    const path = join(folder, 'atomic.json');
    const store = atomicJsonCheckpoint(path, 'loop-1');
    expect(await store.read()).toEqual({ kind: 'none' });
    await store.stage(checkpointAt(0));
    await store.commit();
    // The crash at checkpoint-written: staged, never renamed.
    await store.stage(checkpointAt(1));
    expect(existsSync(stagingPath(path, 'loop-1'))).toBe(true);
    const recovered = atomicJsonCheckpoint(path, 'loop-1');
    expect(await recovered.read()).toEqual({ kind: 'found', checkpoint: checkpointAt(0) });
    await recovered.stage(checkpointAt(1));
    await recovered.commit();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(checkpointAt(1));
    expect(readdirSync(folder).filter((name) => name.startsWith('atomic.json'))).toEqual(['atomic.json']);
  });

  it('says a file that is not a checkpoint is unreadable instead of using it', async () => {
    const path = join(folder, 'foreign.json');
    const store = atomicJsonCheckpoint(path, 'loop-1');
    await store.stage({ ...checkpointAt(0), calls_used: -1 });
    await store.commit();
    expect((await store.read()).kind).toBe('unreadable');
  });
});

describe('in-place JSON checkpoint (the flaw)', () => {
  it('a crash between truncate and write leaves a torn, unreadable file where the checkpoint was', async () => {
    const path = join(folder, 'in-place.json');
    const store = inPlaceJsonCheckpoint(path);
    await store.stage(checkpointAt(0));
    await store.commit();
    expect((await store.read()).kind).toBe('found');
    await store.stage(checkpointAt(1));
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(await inPlaceJsonCheckpoint(path).read()).toEqual({ kind: 'unreadable', reason: 'empty file' });
  });
});

describe('SQLite checkpoint with a lease', () => {
  it('grants the lease to one worker at a time, fences a commit without it, and frees it when released', async () => {
    const db = new Database(join(folder, 'orchestrator.db'));
    db.exec(PLAN_ORCHESTRATOR_SCHEMA);
    let nowMs = 0;
    const worker = (name: string) =>
      sqliteLeaseCheckpoint({
        worker: name,
        nowMs: () => nowMs,
        orchestrator: { transaction: async (work) => immediateTransaction(db, work) },
      });
    const first = worker('loop-1');
    const second = worker('loop-2');
    expect(await first.claim(60_000)).toEqual({ granted: true });
    expect(await second.claim(60_000)).toEqual({ granted: false, retryAtMs: 60_000 });
    await second.stage(checkpointAt(1));
    await expect(second.commit()).rejects.toThrow('without the lease');
    await first.stage(checkpointAt(1));
    await first.commit();
    expect(await second.read()).toEqual({ kind: 'found', checkpoint: checkpointAt(1) });
    nowMs = 1_000;
    await first.claim(nowMs);
    expect(await second.claim(61_000)).toEqual({ granted: true });
    db.close();
  });
});
