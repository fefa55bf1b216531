import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock.js';
import { Crash } from './crash.js';
import { History } from './history.js';
import { CutInjector, type CrashPoint } from './injector.js';

/** Explore resumes an execution at a recovery (sim/explore/life-starts.ts): a restored injector must go on as the original would. */
describe('an injector restored between two lives', () => {
  const plan: CrashPoint[] = [
    { life: 0, cut: 'b' },
    { life: 1, cut: 'a', nth: 2 },
  ];

  async function firstLife(injector: CutInjector): Promise<void> {
    await injector.reach('a', 'w');
    await expect(injector.reach('b', 'w')).rejects.toBeInstanceOf(Crash);
  }

  it('carries the run’s hits, its crashes and each point’s matches, and is not changed by what the original does next', async () => {
    const original = new CutInjector(plan, new History(), new VirtualClock());
    await firstLife(original);
    original.startLife(1);
    await original.reach('a', 'w');
    const state = original.state();

    const restored = new CutInjector(plan, new History(), new VirtualClock());
    await restored.reach('stale', 'w');
    restored.restore(state);
    // The original goes on; what it does after state() must not reach the copy.
    await expect(original.reach('a', 'w')).rejects.toBeInstanceOf(Crash);

    expect(restored.hits()).toEqual({ a: 2, b: 1 });
    expect(restored.crashes()).toEqual([{ cut: 'b', worker: 'w', life: 0, atMs: 0 }]);
    restored.startLife(1);
    // Point 1 matched once before the state was taken: its second match (nth 2) is this hit.
    await expect(restored.reach('a', 'w')).rejects.toEqual(new Crash('a', 'w'));
    expect(restored.crashes()).toHaveLength(2);
    expect(state.crashesFired).toHaveLength(1);
    expect(state.matchCounts).toEqual([1, 1]);
  });

  it('restoring an empty state forgets what the injector had seen', async () => {
    const blank = new CutInjector(plan, new History(), new VirtualClock()).state();
    const injector = new CutInjector(plan, new History(), new VirtualClock());
    await firstLife(injector);
    injector.restore(blank);
    expect(injector.hits()).toEqual({});
    expect(injector.crashes()).toEqual([]);
    injector.startLife(0);
    // Point 0's match was forgotten too, so it fires again at its first hit.
    await expect(injector.reach('b', 'w')).rejects.toBeInstanceOf(Crash);
  });
});
