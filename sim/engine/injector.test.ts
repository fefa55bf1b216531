import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock.js';
import { Crash } from './crash.js';
import { History } from './history.js';
import { CutInjector } from './injector.js';

describe('cut injector', () => {
  it('crashes at the nth matching hit of the armed life only, and records hit and crash', async () => {
    const history = new History();
    const injector = new CutInjector([{ life: 1, cut: 'b', nth: 2 }], history, new VirtualClock());
    await injector.reach('b', 'w');
    await injector.reach('b', 'w');
    injector.startLife(1);
    await injector.reach('b', 'w');
    await expect(injector.reach('b', 'w')).rejects.toBeInstanceOf(Crash);
    expect(injector.hits()).toEqual({ b: 4 });
    expect(injector.crashes()).toEqual([{ cut: 'b', worker: 'w', life: 1, atMs: 0 }]);
    expect(history.all().map((e) => e.type)).toEqual(['cut', 'cut', 'cut', 'cut', 'crash']);
  });

  it('makes every later step of a crashed life throw: a dead process does nothing more', async () => {
    const injector = new CutInjector([{ life: 0, cut: 'a' }], new History(), new VirtualClock());
    await expect(injector.reach('a', 'w1')).rejects.toBeInstanceOf(Crash);
    await expect(injector.reach('other', 'w2')).rejects.toBeInstanceOf(Crash);
    expect(() => injector.assertAlive('w2', 'transaction')).toThrow(Crash);
    injector.startLife(1);
    await expect(injector.reach('a', 'w1')).resolves.toBeUndefined();
  });

  it('yields at every cut that does not crash, and notices a crash that happened meanwhile', async () => {
    const seen: string[] = [];
    let injector!: CutInjector;
    injector = new CutInjector([{ life: 0, cut: 'boom' }], new History(), new VirtualClock(), async (hit) => {
      seen.push(hit.name);
      if (hit.name === 'x') await injector.reach('boom', 'other').catch(() => undefined);
    });
    await expect(injector.reach('x', 'w')).rejects.toBeInstanceOf(Crash);
    expect(seen).toEqual(['x']);
  });
});

describe('virtual clock', () => {
  it('never goes backwards and refuses bad deltas', () => {
    const clock = new VirtualClock();
    clock.advanceMs(5);
    clock.advanceToMs(3);
    expect(clock.nowMs()).toBe(5);
    expect(() => clock.advanceMs(-1)).toThrow(RangeError);
    expect(() => clock.advanceMs(0.5)).toThrow(RangeError);
  });
});
