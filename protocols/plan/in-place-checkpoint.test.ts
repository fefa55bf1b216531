import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { inPlaceJsonCheckpoint } from './in-place-checkpoint.js';
import type { Checkpoint } from './types.js';

/**
 * The flaw's store on its own, against a real file: what the file holds after
 * each half of a write, and what the store refuses. (How the torn file fails
 * a recovery is in flaws.test.ts and loop-stops.test.ts.)
 */
const folder = tempFolder('in-place-checkpoint');

const CHECKPOINT: Checkpoint = {
  run_id: 'run-0',
  plan_hash: 'abc',
  current_step: 1,
  steps: [{ id: 'a', status: 'done', attempts: 1 }],
  calls_used: 2,
  rate: { limited: 0, retry_after_until_ms: null },
  context: { summary: null, outputs: [], peak_chars: 0 },
  status: 'running',
};

/** The descriptors this process has open: a store that leaves one open after a write would show here (Linux's /proc). */
const openDescriptors = () => readdirSync('/proc/self/fd').length;

describe('the in-place JSON checkpoint', () => {
  it('finds none before the first write, and after a commit the file is the checkpoint, its descriptor closed', async () => {
    const path = join(folder, 'whole.json');
    const store = inPlaceJsonCheckpoint(path);
    expect(await store.read()).toEqual({ kind: 'none' });
    const before = openDescriptors();
    await store.stage(CHECKPOINT);
    // Staged is truncated: the old checkpoint is already gone.
    expect(readFileSync(path, 'utf8')).toBe('');
    await store.commit();
    expect(openDescriptors()).toBe(before);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(CHECKPOINT);
    expect(await inPlaceJsonCheckpoint(path).read()).toEqual({ kind: 'found', checkpoint: CHECKPOINT });
  });

  it('refuses a commit with nothing staged, before any write and again once the staged one was committed', async () => {
    const path = join(folder, 'refused.json');
    const store = inPlaceJsonCheckpoint(path);
    await expect(store.commit()).rejects.toThrow('commit without a staged checkpoint');
    await store.stage(CHECKPOINT);
    await store.commit();
    await expect(store.commit()).rejects.toThrow('commit without a staged checkpoint');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(CHECKPOINT);
  });

  it('is no lock: every claim is granted', async () => {
    expect(await inPlaceJsonCheckpoint(join(folder, 'claim.json')).claim(0)).toEqual({ granted: true });
  });
});
