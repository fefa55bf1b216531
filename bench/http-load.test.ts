import { describe, expect, it } from 'vitest';
import { httpLoad } from './http-load.js';

describe('the HTTP load run (its numbers belong to npm run bench; here only its verdict)', () => {
  it('4 clients x 30 writes with repeated keys and dropped replies: every key one effect, only documented statuses', async () => {
    const load = await httpLoad({ clients: 4, requestsPerClient: 30, repeatShare: 0.3, dropShare: 0.2, seed: 3, runMsMax: 60_000 });
    // The faults fired: some replies were lost and asked again, and some keys were sent more than once.
    expect(load.statuses['lost (lost)']).toBeGreaterThan(0);
    expect(load.keys).toBeLessThan(120);
    expect(load.statuses['201']).toBe(120);
    expect({ duplicates: load.duplicates, lost: load.lost, undocumented: load.undocumented }).toEqual({
      duplicates: 0,
      lost: 0,
      undocumented: 0,
    });
  });
});
