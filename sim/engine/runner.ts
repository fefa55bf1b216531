import { VirtualClock } from './clock.js';
import { ConnectionSet } from './connections.js';
import { isCrash } from './crash.js';
import { History } from './history.js';
import { CutInjector, type CrashPoint, type CutHit, type YieldPoint } from './injector.js';

/** One process life: the first attempt (index 0) or a recovery after a crash. */
export interface Life {
  index: number;
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
  plan: readonly CrashPoint[];
  /** Bound on process lives: one attempt plus at most livesMax - 1 recoveries. */
  livesMax: number;
  clock?: VirtualClock;
  yieldPoint?: YieldPoint;
  /** Called after a life's connections are closed; tests use it to inspect the handles. */
  afterLife?: (life: Life) => void;
}

export interface LifeRecord {
  index: number;
  ended: 'completed' | 'crashed';
  crash?: CutHit;
}

export type RunEnd =
  | { kind: 'completed' }
  | { kind: 'lives-exhausted'; livesMax: number }
  | { kind: 'error'; message: string };

export interface RunOutcome {
  end: RunEnd;
  lives: LifeRecord[];
  hits: Record<string, number>;
  crashes: readonly CutHit[];
  history: History;
  clock: VirtualClock;
}

/**
 * Runs a scenario through its lives: attempt, crash, recovery with fresh
 * connections, until a life completes or the bound on lives is reached.
 * A non-crash error ends the run as an error value, never as a throw.
 */
export async function runLives(scenario: Scenario, options: RunOptions): Promise<RunOutcome> {
  if (!Number.isSafeInteger(options.livesMax) || options.livesMax < 1) {
    throw new RangeError(`livesMax must be a positive integer, got ${options.livesMax}`);
  }
  const clock = options.clock ?? new VirtualClock();
  const history = new History();
  const injector = new CutInjector(options.plan, history, clock, options.yieldPoint);
  const lives: LifeRecord[] = [];
  let end: RunEnd = { kind: 'lives-exhausted', livesMax: options.livesMax };

  for (let index = 0; index < options.livesMax; index++) {
    injector.startLife(index);
    history.record({ atMs: clock.nowMs(), life: index, worker: 'runner', type: 'life', op: index === 0 ? 'attempt' : 'recovery' });
    const life: Life = { index, connections: new ConnectionSet(), injector, clock, history };
    const crashesBefore = injector.crashes().length;
    try {
      await scenario.live(life);
      lives.push({ index, ended: 'completed' });
      end = { kind: 'completed' };
    } catch (error) {
      if (!isCrash(error)) {
        end = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
      } else {
        const crash = injector.crashes()[crashesBefore];
        lives.push(crash ? { index, ended: 'crashed', crash } : { index, ended: 'crashed' });
      }
    } finally {
      life.connections.closeAll();
      options.afterLife?.(life);
    }
    if (end.kind !== 'lives-exhausted') break;
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
