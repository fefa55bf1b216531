import type { VirtualClock } from './clock.js';
import { Crash } from './crash.js';
import type { History } from './history.js';
import { byCodePoint } from './code-point-order.js';

/**
 * Where to crash: the `nth` hit (1-based, default 1) within process life
 * `life` (0 = the first attempt, 1 = the first recovery, ...) of the cuts that
 * match `cut` and `worker` (any, when omitted).
 */
export interface CrashPoint {
  life: number;
  cut?: string;
  worker?: string;
  nth?: number;
  /**
   * Only while `cut` has been hit exactly `nth` times in this life: between
   * its nth hit and the next one. The plan family's table crashes during the
   * plan's edit step this way (the edit step's boundaries, not the search
   * step's), and the point stays plain data for a kill-mode child.
   */
  during?: { cut: string; nth: number };
}

/** What an injector carries from one life into the next: the run's hits and crashes, and each fixed point's matches. */
export interface InjectorState {
  hitCounts: readonly (readonly [string, number])[];
  crashesFired: readonly CutHit[];
  matchCounts: readonly number[];
}

/** Decides at each cut whether to crash there: a systematic explorer's way to arm cuts as it goes. */
export type CrashDecider = (hit: CutHit) => boolean;

export interface CutHit {
  cut: string;
  worker: string;
  life: number;
  atMs: number;
}

/** A place where a worker may be suspended: a cut that did not crash, or a pause (a worker idling). */
export interface SchedulingPoint {
  kind: 'cut' | 'pause';
  name: string;
  worker: string;
  life: number;
}

/** Called at every scheduling point: the seam where a scheduler interleaves workers. */
export type YieldPoint = (point: SchedulingPoint) => Promise<void>;

/**
 * Called at an armed cut once the crash is recorded, before the Crash is
 * thrown. None in-process (the thrown Crash is the model); in kill mode it
 * ends the whole process there with SIGKILL, so nothing after the cut runs.
 */
export type CrashAction = (hit: CutHit) => void;

/**
 * The nemesis. `reach` is the single seam behind `ctx.cut(name)`: it records
 * the hit, throws the crash when the plan arms this hit, and otherwise yields
 * to the scheduler. Once a life has crashed, every further step of that life
 * throws too: a dead process does nothing more.
 */
export class CutInjector {
  private readonly hitCounts = new Map<string, number>();
  private readonly lifeHitCounts = new Map<string, number>();
  private readonly matchCounts: number[];
  private readonly points: readonly CrashPoint[];
  private readonly decider: CrashDecider | undefined;
  private readonly crashesFired: CutHit[] = [];
  private life = 0;
  private dead = false;
  private quiet = false;

  constructor(
    plan: readonly CrashPoint[] | CrashDecider,
    private readonly history: History,
    private readonly clock: VirtualClock,
    private readonly yieldPoint?: YieldPoint,
    private readonly crashAction?: CrashAction,
  ) {
    this.points = typeof plan === 'function' ? [] : plan;
    this.decider = typeof plan === 'function' ? plan : undefined;
    this.matchCounts = this.points.map(() => 0);
  }

  /** Between two lives: everything that outlives a life (a life's own counts start afresh in startLife). */
  state(): InjectorState {
    return { hitCounts: [...this.hitCounts], crashesFired: [...this.crashesFired], matchCounts: [...this.matchCounts] };
  }

  /** Goes on from `state`, taken between two lives of an identical run: as if this injector had seen those lives. */
  restore(state: InjectorState): void {
    this.hitCounts.clear();
    for (const [cut, count] of state.hitCounts) this.hitCounts.set(cut, count);
    this.crashesFired.splice(0, this.crashesFired.length, ...state.crashesFired);
    this.matchCounts.splice(0, this.matchCounts.length, ...state.matchCounts);
  }

  /** A quiet life has no crashes and no scheduler: faults have stopped. */
  startLife(life: number, options: { quiet?: boolean } = {}): void {
    this.life = life;
    this.lifeHitCounts.clear();
    this.dead = false;
    this.quiet = options.quiet ?? false;
  }

  get crashed(): boolean {
    return this.dead;
  }

  /** Throws the crash if this life already died; stores call it before touching a file. */
  assertAlive(worker: string, where: string): void {
    if (this.dead) throw new Crash(where, worker);
  }

  async reach(cut: string, worker: string): Promise<void> {
    this.assertAlive(worker, cut);
    const hit: CutHit = { cut, worker, life: this.life, atMs: this.clock.nowMs() };
    this.hitCounts.set(cut, (this.hitCounts.get(cut) ?? 0) + 1);
    this.lifeHitCounts.set(cut, (this.lifeHitCounts.get(cut) ?? 0) + 1);
    this.history.record({ atMs: hit.atMs, life: hit.life, worker, type: 'cut', op: cut });
    if (!this.quiet && this.armed(hit)) {
      this.dead = true;
      this.crashesFired.push(hit);
      this.history.record({ atMs: hit.atMs, life: hit.life, worker, type: 'crash', op: cut });
      this.crashAction?.(hit);
      throw new Crash(cut, worker);
    }
    await this.suspend({ kind: 'cut', name: cut, worker, life: this.life });
  }

  /** A scheduling point that is not a boundary: no hit, no crash; used by idle workers. */
  async pause(worker: string, name: string): Promise<void> {
    this.assertAlive(worker, name);
    await this.suspend({ kind: 'pause', name, worker, life: this.life });
  }

  private async suspend(point: SchedulingPoint): Promise<void> {
    if (this.quiet || !this.yieldPoint) return;
    await this.yieldPoint(point);
    // Another worker may have crashed this life while we were suspended.
    this.assertAlive(point.worker, point.name);
  }

  /** Hits per cut name over every life of the run. */
  hits(): Record<string, number> {
    return Object.fromEntries([...this.hitCounts.entries()].sort(([a], [b]) => byCodePoint(a, b)));
  }

  crashes(): readonly CutHit[] {
    return this.crashesFired;
  }

  private armed(hit: CutHit): boolean {
    if (this.decider) return this.decider(hit);
    let armed = false;
    this.points.forEach((point, index) => {
      if (point.life !== hit.life) return;
      if (point.cut !== undefined && point.cut !== hit.cut) return;
      if (point.worker !== undefined && point.worker !== hit.worker) return;
      if (point.during !== undefined && (this.lifeHitCounts.get(point.during.cut) ?? 0) !== point.during.nth) return;
      const count = (this.matchCounts[index] ?? 0) + 1;
      this.matchCounts[index] = count;
      if (count === (point.nth ?? 1)) armed = true;
    });
    return armed;
  }
}
