import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock.js';
import { Crash } from './crash.js';
import { History } from './history.js';
import { CutInjector } from './injector.js';

/**
 * A point armed `during` another cut's nth hit: only between that hit and
 * the next one of the same cut, counted within the life (the plan family's
 * table crashes inside its edit step this way).
 */
describe('cut injector: a point armed during the nth hit of another cut', () => {
  const steps = async (injector: CutInjector, count: number) => {
    for (let step = 0; step < count; step += 1) {
      await injector.reach('before-step', 'w');
      await injector.reach('written', 'w');
    }
  };

  it('crashes at its cut only after the nth hit of the other cut, not before it and not after the next', async () => {
    const before = new CutInjector(
      [{ life: 0, cut: 'written', during: { cut: 'before-step', nth: 2 } }],
      new History(),
      new VirtualClock(),
    );
    await steps(before, 1);
    expect(before.crashed).toBe(false);
    await before.reach('before-step', 'w');
    await expect(before.reach('written', 'w')).rejects.toEqual(new Crash('written', 'w'));
    expect(before.crashes()).toEqual([{ cut: 'written', worker: 'w', life: 0, atMs: 0 }]);

    // Its nth counts only hits inside the window: step 2 holds one 'written', so a point asking for the second never fires
    // (the hits of steps 1 and 3 are outside the window).
    const second = new CutInjector(
      [{ life: 0, cut: 'written', nth: 2, during: { cut: 'before-step', nth: 2 } }],
      new History(),
      new VirtualClock(),
    );
    await steps(second, 2);
    expect(second.crashed).toBe(false);
    await second.reach('before-step', 'w');
    await expect(second.reach('written', 'w')).resolves.toBeUndefined();
  });

  it('counts the other cut’s hits within the life: a recovery life starts counting again from nothing', async () => {
    const injector = new CutInjector(
      [{ life: 1, cut: 'written', during: { cut: 'before-step', nth: 1 } }],
      new History(),
      new VirtualClock(),
    );
    await steps(injector, 3);
    injector.startLife(1);
    await injector.reach('before-step', 'w');
    await expect(injector.reach('written', 'w')).rejects.toBeInstanceOf(Crash);
    // Over the whole run the other cut was hit four times, which the window never looks at.
    expect(injector.hits()).toEqual({ 'before-step': 4, written: 4 });
  });

  it('never arms before the other cut was hit at all', async () => {
    const injector = new CutInjector(
      [{ life: 0, cut: 'written', during: { cut: 'before-step', nth: 1 } }],
      new History(),
      new VirtualClock(),
    );
    await expect(injector.reach('written', 'w')).resolves.toBeUndefined();
    await injector.reach('before-step', 'w');
    await expect(injector.reach('written', 'w')).rejects.toBeInstanceOf(Crash);
  });
});
