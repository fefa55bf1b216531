import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { mapPool } from './pool.js';

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
});
