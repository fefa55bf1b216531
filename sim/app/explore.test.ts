import { describe, expect, it } from 'vitest';
import type { AnyFamily } from '../engine/run-case.js';
import { loadFamily } from '../families/index.js';
import { EXPLORE_DEFAULTS, exploreBounds, exploreProtocols } from './explore.js';

describe('the explore use case: bounds defaulted once, each violation with the replay line of the face that asked', () => {
  it('a bound left out takes its default; a given one is kept, crash depth 0 included', () => {
    expect(exploreBounds({})).toEqual({ workers: 1, intentions: 1, crashDepth: 1, retentionMs: null, cuts: 'named' });
    expect(exploreBounds({ workers: 2, crashDepth: 0, retentionMs: 50, cuts: 'all' })).toEqual({
      workers: 2,
      intentions: EXPLORE_DEFAULTS.intentions,
      crashDepth: 0,
      retentionMs: 50,
      cuts: 'all',
    });
  });

  it('outbox-no-dedup: a duplicate within one crash, its replay line from the callback; outbox-dedup none, exhaustively', async () => {
    const family = (await loadFamily('reservation')) as AnyFamily;
    const protocol = (name: string) => family.protocols.find((entry) => entry.protocol.name === name)!.protocol;
    const asked: string[] = [];
    const [flawed, correct] = await exploreProtocols(
      [
        { family, protocol: protocol('outbox-no-dedup') },
        { family, protocol: protocol('outbox-dedup') },
      ],
      exploreBounds({}),
      { jobs: 1 },
      (name, schedule) => {
        asked.push(name);
        return `replay ${name} ${schedule}`;
      },
    );
    expect(flawed!.violations.map((group) => group.kind)).toContain('duplicate');
    for (const group of flawed!.violations) expect(group.replay).toBe(`replay outbox-no-dedup ${group.shortest.schedule}`);
    expect(new Set(asked)).toEqual(new Set(['outbox-no-dedup']));
    expect(correct!.violations).toEqual([]);
    expect(correct!.exhaustive).toBe(true);
  }, 120_000);
});
