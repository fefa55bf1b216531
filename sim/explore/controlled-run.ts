import { join, relative } from 'node:path';
import type { ReceiverSettings } from '../../protocols/receivers/types.js';
import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { MemoryMedium, type StoreMedium } from '../engine/connections.js';
import type { CutHit, SchedulingPoint } from '../engine/injector.js';
import type { Life } from '../engine/runner.js';
import { liveFamily, observeLived, type FamilyLifeStart, type FamilyOutcome, type RunWire } from '../engine/run-family.js';
import { ChoiceLog, Pruned, type Choice } from './choices.js';
import type { ExploreBounds } from '../results/explore-result.js';
import { filesBesideStores, fingerprint } from './fingerprint.js';
import type { SleepSets } from './sleep-sets.js';

export type { ExploreBounds } from '../results/explore-result.js';

export interface Execution {
  log: ChoiceLog;
  /** Stopped early: it reached a state whose every continuation was already explored. */
  pruned: boolean;
  outcome?: FamilyOutcome;
}

/**
 * What a recovery of an execution starts from: the choices made before it,
 * the crashes spent, the stores' committed images and the run's own state.
 * An execution whose first choices are these goes through the same start.
 */
export interface ExecutionStart {
  made: readonly Choice[];
  crashesUsed: number;
  /** By path relative to the execution's folder (each execution has a folder of its own). */
  stores: ReadonlyMap<string, Buffer>;
  run: FamilyLifeStart;
}

interface Waiting {
  point: SchedulingPoint;
  release: () => void;
  abort: (error: Error) => void;
}

/**
 * Runs one execution under full control: at every cut it asks the choice log
 * whether to crash there (while crashes remain), and whenever several workers
 * wait at scheduling points it asks which one goes next. Everything else is
 * the ordinary engine: fresh stores, lives, recovery, the quiet life, counting.
 */
export async function runControlled(options: {
  family: AnyFamily;
  protocol: FamilyProtocol;
  workload: unknown;
  bounds: ExploreBounds;
  log: ChoiceLog;
  folder: string;
  medium?: StoreMedium;
  writeHistory?: boolean;
  /** Receivers over a real wire (--transport http); in process when omitted. */
  wire?: RunWire;
  /** A fresh instance of a user's protocol module for each life: a crash forgets module state here too. */
  freshProtocol?: (life: number) => Promise<FamilyProtocol>;
  /** Go on from a recovery's start that this execution's first choices lead to (in-memory stores only), instead of from the first attempt. */
  resume?: ExecutionStart;
  /** Called with the start of every recovery of this execution (in-memory stores only). */
  onLifeStart?: (start: ExecutionStart) => void;
  /** Explores one order of independent steps (partial-order reduction); every interleaving when omitted. */
  sleep?: SleepSets;
  /** Workers whose renamings map runs to runs: a state stands for its images under them (symmetry reduction). */
  interchangeable?: readonly string[];
}): Promise<Execution> {
  const { bounds, log, resume, onLifeStart, sleep, interchangeable = [] } = options;
  if ((resume || onLifeStart) && (options.medium || options.wire))
    throw new Error('runControlled: only an execution on its own in-memory stores resumes');
  const memory = new MemoryMedium(
    resume ? new Map([...resume.stores].map(([path, image]) => [join(options.folder, path), image])) : undefined,
  );
  const ownStores = () => new Map([...memory.stores()].map(([path, image]) => [relative(options.folder, path), image]));
  const medium = options.medium ?? memory;
  // On real files, what a world keeps beside its stores is part of the state a choice point is at.
  const beside = () => (medium.kind === 'file' ? filesBesideStores(options.folder) : '');
  const waiting = new Map<string, Waiting>();
  let life: Life | undefined;
  let crashesUsed = resume?.crashesUsed ?? 0;
  if (resume) log.made.push(...resume.made);
  let stopping = false;

  const positions = (extra?: [string, string]) => {
    const map = new Map([...waiting].map(([worker, w]) => [worker, `${w.point.kind}:${w.point.name}`]));
    if (extra) map.set(extra[0], extra[1]);
    return map;
  };
  const stop = () => {
    stopping = true;
    for (const w of waiting.values()) w.abort(new Pruned());
    waiting.clear();
  };
  // The state a choice is made in, with the sleep set it is explored under when the search is reduced (its
  // workers renamed as the state's fingerprint renames them: the state explored is the image fingerprinted).
  const state = (current: Life, where: ReadonlyMap<string, string>, flag = '') => {
    if (!sleep) return fingerprint(current, crashesUsed, where, beside(), interchangeable).print;
    const { print, renaming } = sleep.quietly(() => fingerprint(current, crashesUsed, where, beside(), interchangeable));
    return `${print}|${flag}|${sleep.context(renaming.name)}`;
  };
  const decideCrash = (hit: CutHit): boolean => {
    if (stopping) throw new Pruned();
    if (crashesUsed >= bounds.crashDepth || !life) return false;
    const current = life;
    try {
      const crashOnly = sleep?.endStep()?.crashOnly === true;
      const where = positions([hit.worker, `hit:${hit.cut}`]);
      const crash = log.choose('crash', 2, () => state(current, where, crashOnly ? 'crash-only' : ''), crashOnly ? [0] : []) === 1;
      if (crash) crashesUsed++;
      return crash;
    } catch (error) {
      if (error instanceof Pruned) stop();
      throw error;
    }
  };

  let finished = false;
  const run = liveFamily(options.family, {
    protocol: options.protocol,
    workload: options.workload,
    folder: options.folder,
    medium,
    plan: decideCrash,
    livesMax: bounds.crashDepth + 1,
    quietLife: true,
    workers: bounds.workers,
    receiverSettings: { retentionMs: bounds.retentionMs, closedWindow: false } satisfies ReceiverSettings,
    writeHistory: options.writeHistory ?? false,
    ...(options.wire ? { wire: options.wire } : {}),
    ...(options.freshProtocol ? { freshProtocol: options.freshProtocol } : {}),
    discoverBoundaries: bounds.cuts === 'all',
    beforeLife: (started) => {
      life = started;
      if (sleep) {
        sleep.lifeStarts();
        started.connections.watch(sleep.listen);
      }
    },
    ...(resume ? { resume: resume.run } : {}),
    ...(onLifeStart
      ? { atLifeStart: (run: FamilyLifeStart) => onLifeStart({ made: [...log.made], crashesUsed, stores: ownStores(), run }) }
      : {}),
    ...(options.family.ownOrder
      ? {}
      : {
          yieldPoint: (point: SchedulingPoint) =>
            stopping
              ? Promise.reject(new Pruned())
              : new Promise<void>((release, abort) => waiting.set(point.worker, { point, release, abort })),
        }),
  }).finally(() => {
    finished = true;
  });
  // Awaited below once the driver stops; a run that fails at once (a full disk) must not count as unhandled meanwhile.
  run.catch(() => undefined);

  // The driver: once every worker is waiting (no I/O runs in process, so one
  // macrotask turn settles them; over a real wire, once no call is on it),
  // release one, chosen by the log when several wait.
  while (!finished) {
    await new Promise((resolve) => setImmediate(resolve));
    if (finished || waiting.size === 0 || (options.wire && !options.wire.turns.idle())) continue;
    // A crashed life's waiting workers only die when released (each throws the crash before it touches anything):
    // every order of their release is the same, so none is a choice.
    if (life?.injector.crashed) {
      for (const w of [...waiting.values()]) w.release();
      waiting.clear();
      continue;
    }
    // A step released only to crash that ended without a crash, or a lone waiting worker asleep: an explored interleaving's.
    if (
      sleep &&
      !stopping &&
      (sleep.endStep()?.crashOnly || sleep.skipped([...waiting.keys()], crashesUsed < bounds.crashDepth).length === waiting.size)
    ) {
      stop();
      continue;
    }
    const names = [...waiting.keys()].sort();
    let index = 0;
    const position = log.made.length;
    if (!stopping && names.length > 1 && life) {
      const current = life;
      try {
        const skip = sleep?.skipped(names, crashesUsed < bounds.crashDepth) ?? [];
        index = log.choose('schedule', names.length, () => state(current, positions()), skip);
      } catch (error) {
        if (!(error instanceof Pruned)) throw error;
        stop();
        continue;
      }
    }
    if (sleep && life) {
      const current = life;
      sleep.release(names, index, names.length > 1 ? position : undefined, () => `${current.clock.nowMs()}|${beside()}`);
    }
    const chosen = names[index] as string;
    const next = waiting.get(chosen);
    waiting.delete(chosen);
    next?.release();
  }
  const lived = await run;
  if (!stopping) return { log, pruned: false, outcome: observeLived(lived) };
  // A stopped execution is not judged: its stores are not read, only let go.
  lived.release();
  return { log, pruned: true };
}
