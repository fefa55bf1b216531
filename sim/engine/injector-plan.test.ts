import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock.js';
import { Crash } from './crash.js';
import { History } from './history.js';
import { CutInjector, type CutHit, type SchedulingPoint } from './injector.js';

/** The injector's plan and seams beyond the basics in injector.test.ts: each way a crash is armed, and who is told. */
describe('cut injector plans', () => {
  it('arms a point for one worker only, counting only that worker’s hits toward nth', async () => {
    const injector = new CutInjector([{ life: 0, cut: 'c', worker: 'relay-1', nth: 2 }], new History(), new VirtualClock());
    await injector.reach('c', 'caller');
    await injector.reach('c', 'relay-1');
    await injector.reach('c', 'caller');
    await expect(injector.reach('c', 'relay-1')).rejects.toEqual(new Crash('c', 'relay-1'));
    expect(injector.crashes()).toEqual([{ cut: 'c', worker: 'relay-1', life: 0, atMs: 0 }]);
  });

  it('arms a point without a cut name at the nth boundary of any name, and a later life from that life’s hits only', async () => {
    const injector = new CutInjector([{ life: 1, nth: 3 }], new History(), new VirtualClock());
    await injector.reach('a', 'w');
    await injector.reach('b', 'w');
    await injector.reach('c', 'w');
    injector.startLife(1);
    await injector.reach('a', 'w');
    await injector.reach('b', 'w');
    await expect(injector.reach('c', 'w')).rejects.toBeInstanceOf(Crash);
    expect(injector.crashed).toBe(true);
  });

  it('fires each point once: after its nth hit the same point never arms again', async () => {
    const injector = new CutInjector([{ life: 0, cut: 'c' }], new History(), new VirtualClock());
    await expect(injector.reach('c', 'w')).rejects.toBeInstanceOf(Crash);
    injector.startLife(0);
    await expect(injector.reach('c', 'w')).resolves.toBeUndefined();
    expect(injector.crashed).toBe(false);
  });

  it('asks a decider at every hit, with the hit’s cut, worker, life and virtual time', async () => {
    const clock = new VirtualClock();
    const asked: CutHit[] = [];
    const injector = new CutInjector(
      (hit) => {
        asked.push(hit);
        return hit.cut === 'boom';
      },
      new History(),
      clock,
    );
    clock.advanceMs(40);
    injector.startLife(2);
    await injector.reach('fine', 'relay-2');
    await expect(injector.reach('boom', 'relay-2')).rejects.toBeInstanceOf(Crash);
    expect(asked).toEqual([
      { cut: 'fine', worker: 'relay-2', life: 2, atMs: 40 },
      { cut: 'boom', worker: 'relay-2', life: 2, atMs: 40 },
    ]);
  });

  it('crashes nothing and yields to no scheduler in a quiet life, but still counts and records its hits', async () => {
    const history = new History();
    const yields: SchedulingPoint[] = [];
    const injector = new CutInjector([{ life: 1, cut: 'c' }], history, new VirtualClock(), async (point) => {
      yields.push(point);
    });
    injector.startLife(1, { quiet: true });
    await injector.reach('c', 'w');
    await injector.pause('w', 'idle');
    expect(yields).toEqual([]);
    expect(injector.hits()).toEqual({ c: 1 });
    expect(history.all()).toEqual([{ seq: 0, atMs: 0, life: 1, worker: 'w', type: 'cut', op: 'c' }]);
    injector.startLife(1);
    await injector.reach('x', 'w');
    expect(yields).toEqual([{ kind: 'cut', name: 'x', worker: 'w', life: 1 }]);
  });

  it('yields at a pause without counting a hit, and a pause in a dead life throws', async () => {
    const yields: SchedulingPoint[] = [];
    const injector = new CutInjector([{ life: 0, cut: 'c' }], new History(), new VirtualClock(), async (point) => {
      yields.push(point);
    });
    await injector.pause('relay-1', 'waiting');
    expect(yields).toEqual([{ kind: 'pause', name: 'waiting', worker: 'relay-1', life: 0 }]);
    expect(injector.hits()).toEqual({});
    await expect(injector.reach('c', 'relay-1')).rejects.toBeInstanceOf(Crash);
    await expect(injector.pause('relay-1', 'waiting')).rejects.toEqual(new Crash('waiting', 'relay-1'));
  });

  it('tells the crash action of the hit after recording the crash, before the Crash is thrown', async () => {
    const history = new History();
    const told: { hit: CutHit; recorded: string[] }[] = [];
    const injector = new CutInjector([{ life: 0, cut: 'c' }], history, new VirtualClock(), undefined, (hit) =>
      told.push({ hit, recorded: history.all().map((event) => event.type) }),
    );
    await injector.reach('before', 'w');
    await expect(injector.reach('c', 'w')).rejects.toBeInstanceOf(Crash);
    expect(told).toEqual([{ hit: { cut: 'c', worker: 'w', life: 0, atMs: 0 }, recorded: ['cut', 'cut', 'crash'] }]);
  });

  it('lists hits by cut name in order over every life, and a new life clears the death of the last', async () => {
    const injector = new CutInjector([{ life: 0, cut: 'b' }], new History(), new VirtualClock());
    await injector.reach('c', 'w');
    await injector.reach('a', 'w');
    await expect(injector.reach('b', 'w')).rejects.toBeInstanceOf(Crash);
    expect(injector.crashed).toBe(true);
    injector.startLife(1);
    expect(injector.crashed).toBe(false);
    await injector.reach('a', 'w');
    expect(Object.entries(injector.hits())).toEqual([
      ['a', 2],
      ['b', 1],
      ['c', 1],
    ]);
  });
});
