import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { mapPool, mapWorkers } from './pool.js';

describe('worker pool', () => {
  it("keeps the items' order whatever order they finish in, and never runs more than `jobs` at once", async () => {
    let running = 0;
    let most = 0;
    const results = await mapPool([30, 5, 20, 1, 10], 2, async (ms, index) => {
      most = Math.max(most, ++running);
      await sleep(ms);
      running--;
      return `${index}:${ms}`;
    });
    expect(results).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10']);
    expect(most).toBe(2);
  });

  it('starts nothing new after a failure, lets the running ones settle, then rethrows it', async () => {
    const started: number[] = [];
    const run = mapPool([1, 2, 3, 4], 2, async (n) => {
      started.push(n);
      await sleep(5);
      if (n === 1) throw new Error('boom');
      return n;
    });
    await expect(run).rejects.toThrow('boom');
    expect(started).toEqual([1, 2]);
  });

  it('mapWorkers: a worker still loading takes nothing until it is ready, and is not waited for once every item is taken', async () => {
    const ran: string[] = [];
    const here: { name: string; ready?: Promise<void> } = { name: 'here' };
    const slow = { name: 'slow', ready: sleep(40) };
    const never = { name: 'never', ready: new Promise<void>(() => {}) };
    const work = async (worker: { name: string }, ms: number) => {
      ran.push(worker.name);
      await sleep(ms);
      return `${worker.name}:${ms}`;
    };
    const results = await mapWorkers([20, 20, 20, 20, 20, 20], [here, slow, never], work);
    // here runs 0 and 1 (0-40 ms), then both take the rest as they come free; never is never waited for.
    expect(results.slice(0, 2)).toEqual(['here:20', 'here:20']);
    expect(ran).toContain('slow');
    expect(ran).not.toContain('never');
    expect(ran).toHaveLength(6);
  });

  it('mapWorkers: a worker that dies while loading, with items left, fails the whole', async () => {
    const dead = { ready: Promise.reject(new Error('worker ended (SIGKILL)')) };
    await expect(mapWorkers([50, 50], [{}, dead], (_worker, ms) => sleep(ms))).rejects.toThrow('worker ended (SIGKILL)');
  });
});
