import { conflicts, emptyFootprint, type Footprint } from '../engine/footprint.js';
import type { StatementListener } from '../engine/statement-trace.js';

/** A worker's next step from a state, and what it touches there. */
interface Step {
  worker: string;
  footprint: Footprint;
}

/**
 * The footprints of the steps taken from each schedule choice of a subtree's
 * current path, by the choice's position and the worker released there. They
 * outlive an execution: the next one, which takes another alternative at some
 * choice, puts the steps explored before it there to sleep.
 */
export class PathSteps {
  private readonly at = new Map<number, Map<string, Footprint>>();

  record(position: number, worker: string, footprint: Footprint): void {
    const steps = this.at.get(position) ?? new Map<string, Footprint>();
    steps.set(worker, footprint);
    this.at.set(position, steps);
  }

  get(position: number, worker: string): Footprint | undefined {
    return this.at.get(position)?.get(worker);
  }

  /** Forgets the choices past `position`: the next execution leaves the path there. */
  keepUpTo(position: number): void {
    for (const known of [...this.at.keys()]) if (known > position) this.at.delete(known);
  }
}

/** What the step under way was released with. */
interface Released {
  worker: string;
  /** The schedule choice that released it, when there was a choice. */
  position: number | undefined;
  /** It was asleep: only its crash at the cut ending the step is explored. */
  crashOnly: boolean;
  /** The sleep set its successor inherits, before the steps that conflict with it wake. */
  inherited: Step[];
  /** Detects what no statement shows (time moving on, files written): any change makes the step opaque. */
  sideState: () => string;
  sideBefore: string;
}

/**
 * Sleep sets (Godefroid; Flanagan and Godefroid 2005) over one execution: a
 * worker whose next step was explored from an earlier state of this path,
 * and which no step since conflicts with, sleeps: running it here would give
 * an interleaving equivalent to one explored (the same steps, independent ones
 * swapped). Its crash at the cut ending that step is still explored (a crash
 * ends the life: it commutes with nothing). The steps' footprints come from
 * the statements they run, recorded through the life's connections.
 */
export class SleepSets {
  private sleep: Step[] = [];
  private released: Released | undefined;
  private footprint: Footprint | undefined;
  private muted = 0;

  constructor(
    private readonly path: PathSteps,
    /** The subtree's first choices: made by the split, whose sibling steps this subtree never sees. */
    private readonly keyLength: number,
  ) {}

  /** Listens to the statements of the step under way (none between steps, none while muted). */
  readonly listen: StatementListener = (accesses) => {
    if (!this.footprint || this.muted > 0) return;
    if (accesses === 'opaque') this.footprint.opaque = true;
    else this.footprint.accesses.push(...accesses);
  };

  /** Runs the harness's own reads (a state's fingerprint) without counting them into the step. */
  quietly<T>(work: () => T): T {
    this.muted++;
    try {
      return work();
    } finally {
      this.muted--;
    }
  }

  /** A new life: no step of the last one is comparable with its steps. */
  lifeStarts(): void {
    this.sleep = [];
    this.released = undefined;
    this.footprint = undefined;
  }

  /** The sleeping workers, as part of the state a choice is made in: the same state with another sleep set has other duties. */
  context(rename: (worker: string) => string = (worker) => worker): string {
    return this.sleep
      .map((step) => rename(step.worker))
      .sort()
      .join(',');
  }

  /** The alternatives of a schedule choice over `names` to leave out: the sleeping workers, unless a crash is left to spend (then they run to crash). */
  skipped(names: readonly string[], crashesLeft: boolean): number[] {
    if (crashesLeft) return [];
    return names.flatMap((name, index) => (this.asleep(name) ? [index] : []));
  }

  private asleep(worker: string): boolean {
    return this.sleep.some((step) => step.worker === worker);
  }

  /** `names[taken]` is released at the choice at `position` (undefined: it was the only one waiting). */
  release(names: readonly string[], taken: number, position: number | undefined, side: () => string): void {
    const worker = names[taken]!;
    const inherited = this.sleep.filter((step) => step.worker !== worker);
    if (position !== undefined && position >= this.keyLength) {
      for (let earlier = 0; earlier < taken; earlier++) {
        const footprint = this.path.get(position, names[earlier]!);
        if (footprint && !inherited.some((step) => step.worker === names[earlier])) inherited.push({ worker: names[earlier]!, footprint });
      }
    }
    this.released = { worker, position, crashOnly: this.asleep(worker), inherited, sideState: side, sideBefore: side() };
    this.footprint = emptyFootprint();
  }

  /**
   * The released step has ended (at a cut, before its crash choice, or at the
   * next scheduling point): its footprint is recorded for the siblings to
   * come, and the steps it conflicts with wake. Returns whether it was
   * released only to crash; undefined when no step was under way.
   */
  endStep(): { crashOnly: boolean } | undefined {
    const released = this.released;
    const footprint = this.footprint;
    if (!released || !footprint) return undefined;
    this.released = undefined;
    this.footprint = undefined;
    if (released.sideState() !== released.sideBefore) footprint.opaque = true;
    if (released.position !== undefined) this.path.record(released.position, released.worker, footprint);
    this.sleep = released.inherited.filter((step) => !conflicts(step.footprint, footprint));
    return { crashOnly: released.crashOnly };
  }
}
