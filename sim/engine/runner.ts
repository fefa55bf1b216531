import { heartbeat } from './heartbeat.js';
import { VirtualClock } from './clock.js';
import { ConnectionSet, FileMedium, type StoreMedium } from './connections.js';
import { isCrash } from './crash.js';
import { History, type HistoryEvent } from './history.js';
import { CutInjector, type CrashDecider, type CrashPoint, type CutHit, type InjectorState, type YieldPoint } from './injector.js';

/** One process life: the first attempt (index 0), a recovery after a crash, or the quiet life after faults stop. */
export interface Life {
  index: number;
  /** No crashes, no scheduler, no transport faults: the world after the faults have stopped. */
  quiet: boolean;
  connections: ConnectionSet;
  injector: CutInjector;
  clock: VirtualClock;
  history: History;
}

/**
 * What the runner needs from a scenario family: how to live one process life.
 * The runner knows nothing of reservations; the family opens its stores from
 * `life.connections` and reaches every boundary through `life.injector`.
 */
export interface Scenario {
  live(life: Life): Promise<void>;
}

export interface RunOptions {
  /** Where to crash: fixed points, or a decider asked at every cut. */
  plan: readonly CrashPoint[] | CrashDecider;
  /** Bound on process lives before the quiet one: one attempt plus at most livesMax - 1 recoveries. */
  livesMax: number;
  /** After a life completes, live one more, quiet: a restart once faults have stopped (for liveness). */
  quietLife?: boolean;
  medium?: StoreMedium;
  clock?: VirtualClock;
  /** Where events are recorded; a new history when omitted. */
  history?: History;
  yieldPoint?: YieldPoint;
  /** Called when a life starts, before the scenario runs in it (explorers inspect its stores). */
  beforeLife?: (life: Life) => void;
  /** Called after a life's connections are closed; tests use it to inspect the handles. */
  afterLife?: (life: Life) => void;
  /**
   * Goes on from the start of a life of an identical run instead of from the
   * first attempt: the stores already hold what the earlier lives left.
   */
  resume?: LifeStart;
  /** Called before every recovery (not the first attempt, not the quiet life) with what it starts from. */
  atLifeStart?: (start: LifeStart) => void;
}

/**
 * What a recovery starts from besides the stores: the lives before it and
 * the harness's own run-wide state (clock, history, the injector's counts).
 * A recovery depends on nothing else, so a run resumed from it lives the same
 * lives from there as the run it was taken from.
 */
export interface LifeStart {
  index: number;
  lives: readonly LifeRecord[];
  clockMs: number;
  events: readonly HistoryEvent[];
  injector: InjectorState;
}

export interface LifeRecord {
  index: number;
  quiet: boolean;
  ended: 'completed' | 'crashed';
  crash?: CutHit;
}

export type RunEnd = { kind: 'completed' } | { kind: 'lives-exhausted'; livesMax: number } | { kind: 'error'; message: string };

export interface RunOutcome {
  end: RunEnd;
  lives: LifeRecord[];
  hits: Record<string, number>;
  crashes: readonly CutHit[];
  history: History;
  clock: VirtualClock;
}

/** How one life ended, as the runner and a kill-mode child both see it. */
export type LifeEnd = { kind: 'completed' } | { kind: 'crashed'; crash?: CutHit } | { kind: 'error'; message: string };

export interface OneLife {
  index: number;
  quiet: boolean;
  medium: StoreMedium;
  injector: CutInjector;
  clock: VirtualClock;
  history: History;
  beforeLife?: (life: Life) => void;
  afterLife?: (life: Life) => void;
}

/**
 * Lives one process life of a scenario: the one life path. In-process runs
 * call it once per life; a kill-mode child or a stress worker calls it once,
 * in a process of its own, with an injector that kills that process at the
 * armed cut. Fresh connections in, every one closed on the way out. An
 * environment failure its stores raised is thrown (EnvironmentFailure), never
 * returned as the life's end: a full disk is no verdict on the protocol.
 */
export async function liveOneLife(scenario: Scenario, one: OneLife): Promise<LifeEnd> {
  const { index, quiet, injector, clock, history } = one;
  injector.startLife(index, { quiet });
  const op = quiet ? 'quiet' : index === 0 ? 'attempt' : 'recovery';
  history.record({ atMs: clock.nowMs(), life: index, worker: 'runner', type: 'life', op });
  // A watched command's parent gives every life its own time (a no-op when nothing watches).
  heartbeat(`life ${index}`);
  const life: Life = { index, quiet, connections: new ConnectionSet(one.medium), injector, clock, history };
  const crashesBefore = injector.crashes().length;
  one.beforeLife?.(life);
  let ended: LifeEnd;
  try {
    await scenario.live(life);
    ended = { kind: 'completed' };
  } catch (error) {
    life.connections.note(error);
    if (!isCrash(error)) ended = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
    else {
      const crash = injector.crashes()[crashesBefore];
      ended = crash ? { kind: 'crashed', crash } : { kind: 'crashed' };
    }
  } finally {
    life.connections.closeAll();
    one.afterLife?.(life);
  }
  // A store the machine failed (a full disk) ends the run, whatever the protocol made of the error: it is no verdict.
  const failure = life.connections.environmentFailure();
  if (failure) throw failure;
  return ended;
}

/**
 * Runs a scenario through its lives: attempt, crash, recovery with fresh
 * connections, until a life completes or the bound on lives is reached.
 * A non-crash error ends the run as an error value, never as a throw; an
 * environment failure of its stores is thrown (see liveOneLife).
 */
export async function runLives(scenario: Scenario, options: RunOptions): Promise<RunOutcome> {
  if (!Number.isSafeInteger(options.livesMax) || options.livesMax < 1) {
    throw new RangeError(`livesMax must be a positive integer, got ${options.livesMax}`);
  }
  const { resume } = options;
  const medium = options.medium ?? new FileMedium();
  const clock = resume ? new VirtualClock(resume.clockMs) : (options.clock ?? new VirtualClock());
  const history = resume ? new History(resume.events) : (options.history ?? new History());
  const injector = new CutInjector(options.plan, history, clock, options.yieldPoint);
  if (resume) injector.restore(resume.injector);
  const lives: LifeRecord[] = resume ? [...resume.lives] : [];
  let end: RunEnd = { kind: 'lives-exhausted', livesMax: options.livesMax };

  const live = async (index: number, quiet: boolean): Promise<RunEnd | undefined> => {
    const ended = await liveOneLife(scenario, {
      index,
      quiet,
      medium,
      injector,
      clock,
      history,
      ...(options.beforeLife ? { beforeLife: options.beforeLife } : {}),
      ...(options.afterLife ? { afterLife: options.afterLife } : {}),
    });
    if (ended.kind === 'error') return ended;
    if (ended.kind === 'completed') {
      lives.push({ index, quiet, ended: 'completed' });
      return ended;
    }
    lives.push(ended.crash ? { index, quiet, ended: 'crashed', crash: ended.crash } : { index, quiet, ended: 'crashed' });
    return undefined;
  };

  let index = resume?.index ?? 0;
  for (; index < options.livesMax; index++) {
    if (index > (resume?.index ?? 0)) {
      options.atLifeStart?.({ index, lives: [...lives], clockMs: clock.nowMs(), events: [...history.all()], injector: injector.state() });
    }
    const ended = await live(index, false);
    if (ended) {
      end = ended;
      break;
    }
  }
  if (end.kind === 'completed' && options.quietLife) {
    end = (await live(index + 1, true)) ?? { kind: 'error', message: 'the quiet life crashed' };
  }
  return { end, lives, hits: injector.hits(), crashes: injector.crashes(), history, clock };
}

/**
 * Runs concurrent workers of one life and waits for every one of them to
 * settle before the life may end: connections must not close under a worker
 * that is still running. A non-crash error wins over a crash (it is a bug to
 * report); otherwise the first crash ends the life.
 */
export async function joinWorkers(workers: readonly Promise<void>[]): Promise<void> {
  const settled = await Promise.allSettled(workers);
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  const bug = failures.find((reason) => !isCrash(reason));
  if (bug !== undefined) throw bug;
  if (failures.length > 0) throw failures[0];
}
