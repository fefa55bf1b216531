import { afterEach, describe, expect, it } from 'vitest';
import { propertySuite } from '../families/index.js';
import { tempFolder } from '../testing/temp-folder.js';
import { checkChunk } from './check-chunk.js';
import { checkChunked, type ChunkRunner } from './check-chunked.js';
import type { PropertyResult } from './check-property.js';
import { startChunkPool, type ChunkPool, type ChunkWorkerData } from './chunk-pool.js';
import { propertyChunks } from './chunks.js';

const scratch = tempFolder('chunk-pool');
const open: ChunkPool[] = [];

afterEach(async () => {
  // A failed assertion must not leave a worker behind.
  for (const pool of open.splice(0)) await pool.close();
});

/** Whether a process with this pid is alive (a zombie not yet reaped counts as alive: close must reap). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function dedupSafety() {
  const suite = (await propertySuite('reservation'))!;
  const definition = suite.properties.find((property) => property.name === 'dedup-safety')!;
  const data: ChunkWorkerData = {
    family: 'reservation',
    bounds: suite.defaultBounds,
    store: 'memory',
    scratch,
    familyOptions: {},
    cwd: scratch,
  };
  /** This process's runner, counting the chunks it ran. */
  const ranHere: number[] = [];
  const here: ChunkRunner = (chunk, onRun) => {
    ranHere.push(chunk.index);
    return checkChunk(suite, definition, chunk, { bounds: suite.defaultBounds, store: 'memory', scratch, onRun });
  };
  return { data, here, ranHere };
}

/** A merged verdict without its timings: who ran a chunk must change nothing else. */
function verdict(result: PropertyResult) {
  return { ...result, timeMs: 0, runsPerSecond: 0, chunks: result.chunks?.map((chunk) => ({ ...chunk, timeMs: 0 })) };
}

async function merged(runners: readonly ChunkRunner[], runs: number): Promise<PropertyResult> {
  const check = checkChunked(propertyChunks('dedup-safety', runs, 1), runners, 1, () => {});
  const [property] = check.properties;
  const result = await property!.result;
  await check.done;
  return result;
}

describe('sim check pool: this process and worker processes share the chunks', { timeout: 120_000 }, () => {
  it('this process and one worker run the chunks of dedup-safety; the verdict is the one this process gives alone', async () => {
    const alone = await dedupSafety();
    const one = await merged([alone.here], 600);
    expect(alone.ranHere).toEqual([0, 1, 2, 3, 4, 5]);

    const shared = await dedupSafety();
    const pool = startChunkPool(shared.data, 1);
    open.push(pool);
    const two = await merged([shared.here, ...pool.runners], 600);
    // This process takes the first chunk at once and more while the worker loads; the worker takes chunks once loaded.
    expect(shared.ranHere[0]).toBe(0);
    expect(pool.chunksDone[0]).toBeGreaterThanOrEqual(1);
    expect(shared.ranHere.length + pool.chunksDone[0]!).toBe(6);
    expect(one.outcome).toBe('held');
    expect(one.tally.runs).toBe(600);
    expect(verdict(two)).toEqual(verdict(one));

    const [pid] = pool.pids;
    await pool.close();
    expect(alive(pid!)).toBe(false);
  });

  it('a worker that dies rejects the chunk it had, and every chunk sent to it afterwards', async () => {
    const { data } = await dedupSafety();
    const pool = startChunkPool(data, 1);
    open.push(pool);
    const [worker] = pool.runners;
    const [chunk] = propertyChunks('dedup-safety', 100_000, 1, 100_000);
    // One chunk of 100000 runs takes minutes: the kill surely comes while the worker runs it.
    const running = worker!(chunk!, () => {});
    const rejected = expect(running).rejects.toThrow(/^sim check worker process ended \(SIGKILL\)$/);
    process.kill(pool.pids[0]!, 'SIGKILL');
    await rejected;
    await expect(worker!(chunk!, () => {})).rejects.toThrow(/^sim check worker process ended \(SIGKILL\)$/);
    expect(pool.chunksDone).toEqual([0]);
  });
});
